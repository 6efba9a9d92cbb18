// The carrier simulator's voice side (no Twilio keys), packages/simulators/twilio/src/voice/. Plain data, safe
// for browser bundles.
//
// PRIMARY: the official Voice SDK's own signalling. The token route (GET /api/twilio/token) answers
// `signalling: { chunderw: '<host>/sim/twilio/voice' }`; the browser creates the SDK's `Device` with that `chunderw`
// (and `publishEvents: false`, `rtcConfiguration: { iceServers: [] }`), so it connects to
// `wss://<host>/sim/twilio/voice/signal` (`ws://` through the dialer's shim on a plain-http page) and speaks the SDK's
// PStream protocol there exactly as it does with Twilio: listen (the access token, verified as Twilio does), register,
// invite with its SDP offer and custom parameters, answer, ringing, cancel, hangup, reject, dtmf, message, reinvite,
// signalling reconnection with the reconnect token. The simulator answers each call's SDP with a real WebRTC peer
// (Opus), drives the same voice webhook, TwiML and signed status callbacks as Twilio, and its far ends are the
// test destinations below. The messages and their payloads are listed in the simulator's voice/pstream.ts.
//
// LEGACY (kept until the dialer's own simulator device is removed; deleted at the merge): the simulator device
// (mfe-dialer/src/calling/simulator-device.ts) over plain HTTP + Server-Sent Events, no media.
// Every request carries the device's access token: `Authorization: Bearer <jwt>`, or
// `?token=<jwt>` for the event stream (EventSource cannot send headers). The simulator verifies it as Twilio does
// (HS256 signed with the API key secret, iss = the API key SID, sub = the account, not expired; the Voice grant's
// outgoing application for placing calls, `incoming.allow` for receiving them). Failures answer
// `{ code, message }` with 401 (code 20101 invalid, 20104 expired); the event stream (whose 401 body EventSource
// could not read) answers 200 with one `error` event and ends, as it does when its token expires: the device then
// closes it (no automatic reconnection) and reconnects with `updateToken`'s token.
//
// The voice side is single-process (a dev/test stand-in): the device must reach the process it registered with.
//
//   GET  {base}/events?token=…          SSE. Open = registered for incoming calls as the token's identity.
//                                        Events (event name → JSON data): SimulatorEvent below. A comment
//                                        line every 15 s keeps it open.
//   POST {base}/calls                   {params: {To, callId, …}} → 201 {callSid, parameters}: places a call. The
//                                        simulator POSTs the TwiML App's Voice URL (the app's /webhooks/twilio/voice)
//                                        as Twilio does, follows its TwiML (<Dial callerId timeLimit><Number
//                                        statusCallback …>), and sends the Number's signed status callbacks.
//                                        409 {code: 31005} while this identity has a call in progress.
//   POST {base}/calls/{CA…}/hangup      → 204: the device hangs up (or cancels while ringing).
//   POST {base}/calls/{CA…}/accept      → 204: answers an incoming call.
//   POST {base}/calls/{CA…}/reject      → 204: rejects an incoming call (the caller hears busy).
//   POST {base}/calls/{CA…}/digits      {digits} → 204 (0-9 * # w only; 400 otherwise).
// Other failures: 404 {code: 20404} for a call that is not this identity's, 409 {code: 31005} to accept/reject a
// call that no longer rings. The `call` events of an outgoing call carry the parent call's SID (the one `calls`
// answered); those of an incoming call the SID of its `incoming` event.

export const simulatorVoicePath = '/sim/twilio/voice';

/** The Voice SDK's signalling WebSocket (`wss://<chunderw>/signal`). */
export const simulatorSignallingPath = `${simulatorVoicePath}/signal`;

export type SimulatorCallStatus = 'ringing' | 'in-progress' | 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

export type SimulatorEvent =
  | { type: 'registered'; identity: string }
  /** A change of one of this identity's calls (the SSE event name is `call`). */
  | {
      type: 'call';
      callSid: string;
      status: SimulatorCallStatus;
      direction: 'OUTGOING' | 'INCOMING';
      /** With `failed` when the app's TwiML could not be followed: 11200 (HTTP retrieval failure), 12100
       *  (document parse failure), 12200 (a verb the simulator does not know). */
      errorCode?: number;
    }
  /** An incoming call for this identity (SSE event `incoming`): accept or reject it by its callSid. */
  | { type: 'incoming'; callSid: string; parameters: Record<string, string> }
  /** The stream ends after it (SSE event `error`): 20101 invalid token, 20104 expired. */
  | { type: 'error'; code: number; message: string };

/**
 * The documented test destinations, by the last four digits of the number dialled: every other number rings
 * (ringback as early media) and answers after about 2 s, then echoes the caller's audio back after about 250 ms
 * until either side hangs up or the call's time limit (the TwiML's `timeLimit`) is reached.
 */
export const simulatorTestDestinations = {
  /** Rings, then busy (SIP 486). */
  busy: '0002',
  /** Rings and nobody answers (no-answer after about 6 s). */
  noAnswer: '0003',
  /** Fails at once (e.g. an unreachable network). */
  failed: '0004',
  /** Answers and echoes over a poor network: about 20 % of the packets lost, up to 300 ms of jitter, so the
   *  Voice SDK raises high-packet-loss, high-jitter and low-mos warnings within about 10 s. */
  impaired: '0005',
  /** Answers and echoes; about 4 s after the answer the simulator closes the browser's signalling WebSocket
   *  once and keeps its reconnection waiting about 3 s, so the SDK shows reconnecting, then reconnected. */
  signallingDrop: '0006',
  /** A menu: a prompt of three rising beeps every few seconds; each key pressed (RFC 4733 telephone-events or the
   *  SDK's dtmf message) is answered with its own tone and logged on the call. */
  menu: '0007',
} as const;

/** Seconds of ringing before a test destination answers, and before an unanswered one gives up. */
export const simulatorRingSeconds = { answer: 2, noAnswer: 6, incomingNoAnswer: 30 } as const;
