// The carrier simulator itself: its options (what the hosting app gives it), its callbacks, its voice side and the
// phones' keypads. The routes that serve it are routes.ts.
import type { FetchFunction, SimulatorDatabase, SimulatorSql as Sql } from '@ringwise/simulator-common/host';
import { CallbackDelivery, type CallbackLogger } from './delivery.ts';
import type { PendingCallback } from './context.ts';
import { enterCode, type CodeOutcome } from './resources/caller-ids.ts';
import * as store from './store.ts';
import { VoiceSimulator, type SignallingTiming, type VoiceTimers } from './voice/voice-simulator.ts';

export type SimulatorLogger = (error: unknown, request: { method: string; path: string }) => void;

export interface TwilioSimulatorOptions {
  /** Where the simulator keeps its state (schema twilio_simulator, created by `openTwilioSimulator`). */
  db: SimulatorDatabase;
  /** The app's public origin (the phone page's links; callbacks addressed to it, see `callbackOrigin`). */
  publicUrl: string;
  /** The one account the simulator serves, and its auth token (REST Basic auth; callbacks are signed with it). */
  accountSid: string;
  authToken: string;
  /** How callbacks are sent (default: global fetch; tests hand them to `app.handle`). */
  fetch?: FetchFunction;
  /** Callbacks addressed to `publicUrl` are delivered to this origin instead (e.g. http://127.0.0.1:3000),
   *  but signed with the URL as given, as Twilio signs the configured URL. */
  callbackOrigin?: string;
  /** The clock, in milliseconds. */
  now?: () => number;
  /** Where unexpected errors are reported (default: console.error). */
  log?: SimulatorLogger;
  /** Where failed callbacks are reported (default: console.warn). */
  callbackLog?: CallbackLogger;
  /** The API key that signs the browser's access tokens (the voice side verifies them with it) and the TwiML App
   *  they may place calls through; without them every access token is refused (the gateway's 31204). */
  apiKeySid?: string;
  apiKeySecret?: string;
  twimlAppSid?: string;
  /** The TwiML App's Voice URL, as configured: `${publicUrl}/webhooks/twilio/voice`. */
  voiceUrl?: string;
  /** Voice time: real milliseconds per simulated millisecond (default 1; tests use e.g. 0.01, so that 2 s of
   *  ringing take 20 ms), and the timers it runs on (default the global setTimeout). */
  voiceTimeScale?: number;
  voiceTimers?: VoiceTimers;
  /** The Voice SDK signalling gateway's times in real milliseconds (tests shorten the 30 s reconnection window). */
  voiceSignalling?: Partial<SignallingTiming>;
}

export interface TwilioSimulator {
  readonly options: TwilioSimulatorOptions;
  /** The callbacks: `await simulator.callbacks.flush()` waits for every pending one (tests). */
  readonly callbacks: CallbackDelivery;
  /** The voice side (voice/voice-simulator.ts): live calls of this process, the signalling sessions; `settle()` in tests. */
  readonly voice: VoiceSimulator;
  /** Types a code on the phone of a number with a pending verification call (what the phone page's form does). */
  enterValidationCode(phoneNumber: string, code: string): Promise<CodeOutcome>;
  /** Types a code for one verification call (the phone page's form). */
  enterCodeFor(requestId: string, code: string): Promise<CodeOutcome>;
}

/** A simulator over a database whose twilio_simulator schema exists (see `openTwilioSimulator`). */
export function createTwilioSimulator(options: TwilioSimulatorOptions): TwilioSimulator {
  const callbacks = new CallbackDelivery({
    authToken: options.authToken,
    publicUrl: options.publicUrl,
    ...(options.callbackOrigin ? { callbackOrigin: options.callbackOrigin } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.callbackLog ? { log: options.callbackLog } : {}),
  });
  const clock = options.now ?? Date.now;
  async function enter(find: (sql: Sql) => Promise<store.ValidationRequestRow | null>, code: string): Promise<CodeOutcome> {
    const result = await options.db.privileged(async (sql) => enterCode({ sql, now: clock() }, await find(sql), code));
    if (result.callback) send(callbacks, result.callback);
    return result.outcome;
  }
  const keys =
    options.apiKeySid && options.apiKeySecret && options.twimlAppSid
      ? { accountSid: options.accountSid, apiKeySid: options.apiKeySid, apiKeySecret: options.apiKeySecret, twimlAppSid: options.twimlAppSid }
      : null;
  const voiceLog = options.callbackLog ?? ((message: string) => console.warn(`[twilio-simulator] ${message}`));
  const voice = new VoiceSimulator({
    db: options.db,
    accountSid: options.accountSid,
    keys,
    voiceUrl: options.voiceUrl ?? null,
    callbacks,
    now: clock,
    ...(options.voiceTimeScale !== undefined ? { timeScale: options.voiceTimeScale } : {}),
    ...(options.voiceTimers ? { timers: options.voiceTimers } : {}),
    ...(options.voiceSignalling ? { signalling: options.voiceSignalling } : {}),
    log: (message, error) => voiceLog(error === undefined ? message : `${message}: ${error instanceof Error ? error.message : String(error)}`),
  });
  return {
    options,
    callbacks,
    voice,
    enterValidationCode: (phoneNumber, code) => enter((sql) => store.lockPendingRequestOf(sql, phoneNumber), code),
    enterCodeFor: (requestId, code) => enter((sql) => store.lockValidationRequest(sql, requestId), code),
  };
}

/** Creates the simulator's schema when missing, then the simulator. */
export async function openTwilioSimulator(options: TwilioSimulatorOptions): Promise<TwilioSimulator> {
  await store.ensureSchema(options.db);
  return createTwilioSimulator(options);
}

function send(callbacks: CallbackDelivery, callback: PendingCallback): void {
  callbacks.send(callback.url, callback.method, callback.params);
}
