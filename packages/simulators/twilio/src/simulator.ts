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
  /** The one account the simulator serves, and its auth token (REST Basic auth; callbacks are signed with it). */
  accountSid: string;
  authToken: string;
  /** How callbacks are sent (default: global fetch; tests hand them to `app.handle`). */
  fetch?: FetchFunction;
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
  /** The TwiML App's Voice URL, as configured: `${PUBLIC_URL}/webhooks/twilio/voice` of the app. */
  voiceUrl?: string;
  /** Voice time: real milliseconds per simulated millisecond (default 1; tests use e.g. 0.01, so that 2 s of
   *  ringing take 20 ms), and the timers it runs on (default the global setTimeout). */
  voiceTimeScale?: number;
  voiceTimers?: VoiceTimers;
  /** Where recordings' media URLs (`RecordingUrl`, `media_url`) point: the simulator's REST base as the app reaches
   *  it, e.g. `http://localhost:3011/sim/twilio` (default Twilio's own, https://api.twilio.com). */
  recordingMediaBase?: string;
  /** The Voice SDK signalling gateway's times in real milliseconds (tests shorten the 30 s reconnection window). */
  voiceSignalling?: Partial<SignallingTiming>;
}

export interface TwilioSimulator {
  readonly options: TwilioSimulatorOptions;
  /** The callbacks: `await simulator.callbacks.flush()` waits for every pending one (tests). */
  readonly callbacks: CallbackDelivery;
  /** The voice side (voice/voice-simulator.ts): live calls of this process, the signalling sessions; `settle()` in tests. */
  readonly voice: VoiceSimulator;
  /** `options.recordingMediaBase`, or Twilio's host. */
  readonly recordingMediaBase: string;
  /** Types a code on the phone of a number with a pending verification call (what the phone page's form does). */
  enterValidationCode(phoneNumber: string, code: string): Promise<CodeOutcome>;
  /** Types a code for one verification call (the phone page's form). */
  enterCodeFor(requestId: string, code: string): Promise<CodeOutcome>;
  /** For a process that serves the simulator from now on: ends the calls a stopped process left live (as of its
   *  last heartbeat; their unfinished recordings are absent) and starts this process's heartbeat. Resolves with how
   *  many calls it ended. */
  recover(): Promise<number>;
  stopHeartbeat(): void;
}

/** How often a serving process writes that it still runs: a call it leaves live when it dies ends this late at most. */
export const heartbeatMs = 2000;

/** A simulator over a database whose twilio_simulator schema exists (see `openTwilioSimulator`). */
export function createTwilioSimulator(options: TwilioSimulatorOptions): TwilioSimulator {
  const callbacks = new CallbackDelivery({
    authToken: options.authToken,
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
  const recordingMediaBase = (options.recordingMediaBase ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const voice = new VoiceSimulator({
    db: options.db,
    accountSid: options.accountSid,
    keys,
    voiceUrl: options.voiceUrl ?? null,
    callbacks,
    recordingMediaBase,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    now: clock,
    ...(options.voiceTimeScale !== undefined ? { timeScale: options.voiceTimeScale } : {}),
    ...(options.voiceTimers ? { timers: options.voiceTimers } : {}),
    ...(options.voiceSignalling ? { signalling: options.voiceSignalling } : {}),
    log: (message, error) => voiceLog(error === undefined ? message : `${message}: ${error instanceof Error ? error.message : String(error)}`),
  });
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  const beat = () =>
    options.db.privileged((sql) => store.beat(sql, clock())).catch((error: unknown) => voiceLog(`could not write the heartbeat: ${String(error)}`));
  return {
    options,
    callbacks,
    voice,
    recordingMediaBase,
    enterValidationCode: (phoneNumber, code) => enter((sql) => store.lockPendingRequestOf(sql, phoneNumber), code),
    enterCodeFor: (requestId, code) => enter((sql) => store.lockValidationRequest(sql, requestId), code),
    async recover() {
      const ended = await options.db.privileged(async (sql) => {
        const alive = await store.lastHeartbeat(sql);
        const count = await store.endCallsOfStoppedProcess(sql, alive ?? clock(), options.voiceTimeScale ?? 1);
        await store.endRecordingsOfStoppedProcess(sql, alive ?? clock());
        await store.beat(sql, clock());
        return count;
      });
      if (ended > 0) voiceLog(`ended ${ended} call(s) left live by a process that stopped`);
      heartbeat ??= setInterval(() => void beat(), heartbeatMs);
      return ended;
    },
    stopHeartbeat() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
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
