// The carrier simulator's voice side (no Twilio keys), packages/simulators/twilio/src/voice/. Plain data, safe
// for browser bundles.
//
// The browser uses the official Voice SDK and its own signalling, as with Twilio. The token route
// (GET /api/twilio/token) answers `signalling: { chunderw: '<host>/sim/twilio/voice' }`, the host being the simulator's
// own (TWILIO_SIMULATOR_URL: it is a process of its own); the browser creates the SDK's
// `Device` with that `chunderw` (and `publishEvents: false`, `rtcConfiguration: { iceServers: [] }`), so it connects
// to `wss://<host>/sim/twilio/voice/signal` (`ws://` through the dialer's shim on a plain-http page) and speaks the
// SDK's PStream protocol there exactly as it does with Twilio: listen (the access token, verified as Twilio does:
// HS256 signed with the API key secret, iss = the API key SID, sub = the account, not expired, at most 24 h of life;
// the Voice grant's outgoing application for placing calls, `incoming.allow` for registering; the gateway's 31204
// invalid or 31205 expired, then close), register, invite with its SDP offer and custom parameters, answer, ringing,
// cancel, hangup, reject, dtmf, message, reinvite, signalling reconnection with the reconnect token. The simulator
// answers each call's SDP with a real WebRTC peer (Opus), drives the same voice webhook, TwiML and signed status
// callbacks as Twilio, and its far ends are the test destinations below. One call at a time per identity: an invite,
// or an answer to an incoming call, while the identity is on a call is hung up with 31005. The messages and their
// payloads are listed in the simulator's voice/pstream.ts.
//
// The voice side is single-process (a dev/test stand-in): a call lives in the process whose gateway placed or
// answered it, and the SDK's reconnection must reach that process again.

export const simulatorVoicePath = '/sim/twilio/voice';

/** The Voice SDK's signalling WebSocket (`wss://<chunderw>/signal`). */
export const simulatorSignallingPath = `${simulatorVoicePath}/signal`;

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
