// What the calling store needs from the page (use-calling.ts gives the browser's; tests give their own).
import type {
  Call,
  CallingToken,
  CallPage,
  CallQualitySummary,
  CallStarted,
  CallStartInput,
  CallStatusResponse,
  CallFeedbackInput,
} from '@ringwise/contract/calls';
import type { ToastInput } from '@ringwise/ui/toast';
import type { CallMemory } from './call-memory.ts';
import type { CreateDevice, DeviceSetup } from './device.ts';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface CallingDeps {
  requests: {
    token(): Promise<CallingToken>;
    start(body: CallStartInput): Promise<CallStarted>;
    setSid(callId: string, sid: string): Promise<unknown>;
    status(sid: string): Promise<CallStatusResponse>;
    feedback(callId: string, body: CallFeedbackInput): Promise<unknown>;
    quality(callId: string, body: CallQualitySummary): Promise<unknown>;
    /** The user's call still in progress (after a reload), or null. */
    current(): Promise<Call | null>;
    /** Asks the api to end the call (the carrier hangs it up). */
    end(callId: string): Promise<unknown>;
    /** The newest calls (where a call ended from another page shows its settled charge). */
    recent(): Promise<CallPage>;
  };
  /** The device (the Voice SDK, loaded with import(): it is large) set up for a token's signalling. */
  loadDevice(setup: DeviceSetup): Promise<CreateDevice>;
  notify(notice: ToastInput): void;
  /** After a call: refresh the cached /api/calls, /api/auth/user and /api/transactions. */
  invalidate(): void;
  timers: Timers;
  now(): number;
  microphoneSupported(): boolean;
  /** Whether the browser lists a microphone (a failed getUserMedia: missing, or busy?). */
  hasMicrophone(): Promise<boolean>;
  /** The call this page has under way, remembered across a reload (call-memory.ts). */
  memory: CallMemory;
}

/** A failure the user was told about (or need not be), for the developer's console. */
export const logCallingProblem = (what: string, error: unknown) => console.warn(`[calling] ${what}`, error);
