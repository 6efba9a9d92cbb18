// What the calling store needs from the page (use-calling.ts gives the browser's; tests give their own).
import type { CallingToken, CallStarted, CallStartInput, CallStatusResponse, CallFeedbackInput } from '@ringwise/contract/calls';
import type { ToastInput } from '@ringwise/ui/toast';
import type { CreateDevice } from './device.ts';

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
  };
  /** The device implementation for a token's `device` (loaded with import(): the Twilio SDK is large). */
  loadDevice(kind: CallingToken['device']): Promise<CreateDevice>;
  notify(notice: ToastInput): void;
  /** After a call: refresh the cached /api/calls, /api/auth/user and /api/transactions. */
  invalidate(): void;
  timers: Timers;
  now(): number;
  microphoneSupported(): boolean;
  /** Where the app lives (the simulator device's base). */
  origin?: string;
}

/** A failure the user was told about (or need not be), for the developer's console. */
export const logCallingProblem = (what: string, error: unknown) => console.warn(`[calling] ${what}`, error);
