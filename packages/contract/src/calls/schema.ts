// Calls (spec §3 calls, §7 Calls): the token of the calling device, starting a call, its status and history.
import { Type, type Static } from '@sinclair/typebox';
import { E164, ExactAmount, IdParams, Money, NoContent, Nullable, OneOf, RatePerMinute, Timestamp, Uuid } from '../values.ts';
import { callDirections, callFeedbackIssues, callingMethods, callStatuses } from './rules.ts';

export const CallStatus = OneOf(callStatuses);

/**
 * GET /api/twilio/token (spec §7: {token}): an access token for the calling device (1 hour), its identity and
 * expiry, and which carrier it is for: `twilio` or `simulator` (the app's carrier simulator). The browser's device is
 * the official Voice SDK either way; `signalling` says where it connects: null for Twilio's own edges, else the
 * simulator's signalling host as the SDK's `chunderw` option takes it (host and path, no scheme: the SDK connects
 * to `wss://<chunderw>/signal`).
 */
export const CallingToken = Type.Object(
  {
    token: Type.String(),
    identity: Type.String(),
    expiresAt: Timestamp,
    device: OneOf(['twilio', 'simulator']),
    signalling: Nullable(Type.Object({ chunderw: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type CallingToken = Static<typeof CallingToken>;

export const CallStartInput = Type.Object(
  {
    destinationNumber: Type.String({ maxLength: 64, error: 'Please enter a phone number' }),
    /** The caller ID: null or absent for the public number. */
    fromNumber: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  },
  { additionalProperties: false },
);
export type CallStartInput = Static<typeof CallStartInput>;

/**
 * The terms a rate prices a call at (ARCHITECTURE.md §6), fixed on the call when it starts: what its charge and the
 * dialer's running cost are both computed from (./pricing.ts). A rate deck row carries the same four.
 */
export const CallPricing = Type.Object(
  {
    pricePerMinute: RatePerMinute,
    /** Charged once, when the call is answered. */
    connectionFee: ExactAmount,
    /** Seconds the first charge covers. */
    initialIncrement: Type.Integer({ minimum: 1 }),
    /** Seconds each later charge covers. */
    increment: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type CallPricing = Static<typeof CallPricing>;

/** spec §3 'Call start response': rate (price per minute) and callId, plus what the dialer shows and limits. */
export const CallStarted = Type.Object(
  {
    callId: Uuid,
    /** Price per minute of the destination (the spec's name for pricing.pricePerMinute). */
    rate: RatePerMinute,
    /** What the call is charged by: the dialer's running cost is computed from it, so it shows what is charged. */
    pricing: CallPricing,
    /** How long the call may last: what the balance pays for, at most the carrier's limit. */
    maxDurationSeconds: Type.Integer({ minimum: 1 }),
    destinationNumber: E164,
    fromNumber: E164,
    callingMethod: OneOf(callingMethods),
  },
  { additionalProperties: false },
);
export type CallStarted = Static<typeof CallStarted>;

export const CallSidInput = Type.Object(
  { twilioCallSid: Type.String({ pattern: '^CA[0-9a-fA-F]{32}$', error: 'twilioCallSid must be a call SID (CA and 32 hex digits)' }) },
  { additionalProperties: false },
);

export const CallSidParams = Type.Object({ callSid: Type.String() });

/** spec §3 'Call status response'. */
export const CallStatusResponse = Type.Object(
  {
    status: CallStatus,
    /** Seconds. */
    duration: Type.Integer({ minimum: 0 }),
    cost: Money,
  },
  { additionalProperties: false },
);
export type CallStatusResponse = Static<typeof CallStatusResponse>;

/**
 * What the Voice SDK measured on a call (issue #23): the worst MOS of its samples (null before any sample) and
 * the names of the warnings it raised (high-rtt, low-mos, …), each once.
 */
export const CallQualitySummary = Type.Object(
  {
    worstMos: Nullable(Type.Number({ minimum: 0, maximum: 5, error: 'worstMos must be a number from 0 to 5, or null' })),
    warnings: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
      maxItems: 10,
      uniqueItems: true,
      error: 'warnings must be at most 10 distinct names of at most 40 characters',
    }),
  },
  { additionalProperties: false },
);
export type CallQualitySummary = Static<typeof CallQualitySummary>;

/** How a call's cost was made: connection fee + price per minute × billed minutes, rounded once to the cent. */
export const CallCostItems = Type.Object(
  {
    matchedPrefix: Type.String(),
    /** The rate's name and country ("United Kingdom — Mobile"). */
    rateName: Type.String(),
    rate: RatePerMinute,
    connectionFee: Money,
    initialIncrement: Type.Integer(),
    increment: Type.Integer(),
    billedSeconds: Type.Integer(),
  },
  { additionalProperties: false },
);
export type CallCostItems = Static<typeof CallCostItems>;

/** The message a caller left after an incoming call nobody answered (issue 36): its audio is GET /api/calls/{id}/voicemail. */
export const VoicemailSummary = Type.Object(
  {
    /** Whole seconds, as the carrier measured the recording. */
    durationSeconds: Type.Integer({ minimum: 0 }),
    /** Played by the user at least once. */
    heard: Type.Boolean(),
    createdAt: Timestamp,
  },
  { additionalProperties: false },
);
export type VoicemailSummary = Static<typeof VoicemailSummary>;

export const Call = Type.Object(
  {
    id: Uuid,
    destinationNumber: Type.String(),
    fromNumber: Nullable(Type.String()),
    /**
     * The carrier's final status of the call's leg. For an incoming call never answered: busy when a browser of the
     * user turned it down (Reject), no-answer when it rang out or nobody was signed in, canceled when the caller hung
     * up first.
     */
    status: CallStatus,
    callingMethod: Nullable(OneOf(callingMethods)),
    callDirection: OneOf(callDirections),
    /** Seconds. */
    duration: Type.Integer({ minimum: 0 }),
    /** What the call cost (0.00 for calls never answered and for incoming calls). */
    cost: Money,
    rate: Nullable(RatePerMinute),
    startTime: Nullable(Timestamp),
    endTime: Nullable(Timestamp),
    endReason: Nullable(Type.String()),
    createdAt: Timestamp,
    /** Null until the call is settled (and for calls without a rate). */
    costItems: Nullable(CallCostItems),
    feedbackScore: Nullable(Type.Integer()),
    /**
     * The name of the user's contact with the other party's number (the destination; for an incoming call the caller,
     * `fromNumber`), if there is one (the list can be long: the api looks it up).
     */
    contactName: Nullable(Type.String()),
    /** The other party's number is one of the user's own (an active virtual number or a verified caller ID): not a
     *  number to save as a contact. */
    otherPartyIsOwnNumber: Type.Optional(Type.Boolean()),
    /** What the calling device measured on the call, once it sent it (null before). */
    quality: Type.Optional(Nullable(CallQualitySummary)),
    /** The caller's voicemail, for an incoming call that ended in one (null or absent otherwise). */
    voicemail: Type.Optional(Nullable(VoicemailSummary)),
    /** A forwarded leg (issue 36): the incoming call it forwarded to the user's own phone (`destinationNumber`); its
     *  caller is `fromNumber`. Billed like an outgoing call. Null or absent for every other call. */
    forwardedFrom: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type Call = Static<typeof Call>;

export const CallPage = Type.Object({ items: Type.Array(Call), nextCursor: Nullable(Type.String()) }, { additionalProperties: false });
export type CallPage = Static<typeof CallPage>;

export const CallListQuery = Type.Object({
  cursor: Type.Optional(Type.String({ error: 'cursor must be a nextCursor of an earlier page' })),
  limit: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$|^100$', error: 'limit must be a whole number from 1 to 100' })),
});

export const CallFeedbackInput = Type.Object(
  {
    score: Type.Integer({ minimum: 1, maximum: 5, error: 'The score must be 1 to 5' }),
    issue: Type.Optional(Nullable(OneOf(callFeedbackIssues, { error: `The issue must be one of ${callFeedbackIssues.join(', ')}` }))),
  },
  { additionalProperties: false },
);
export type CallFeedbackInput = Static<typeof CallFeedbackInput>;

/** GET /api/calls/unseen (issue 36): how many incoming calls nobody took (Missed or Declined) the user has not seen
 *  in Recent Calls yet: the Calls tab's badge. */
export const UnseenCalls = Type.Object({ missed: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
export type UnseenCalls = Static<typeof UnseenCalls>;

export const callSchemas = {
  getCallingToken: { response: { 200: CallingToken } },
  startCall: { body: CallStartInput, response: { 201: CallStarted } },
  setCallSid: { params: IdParams, body: CallSidInput, response: { 204: NoContent } },
  getCallStatus: { params: CallSidParams, response: { 200: CallStatusResponse } },
  listCalls: { query: CallListQuery, response: { 200: CallPage } },
  sendCallFeedback: { params: IdParams, body: CallFeedbackInput, response: { 204: NoContent } },
  /** The user's call still in progress (queued, ringing or in progress), or null: what a reloaded page shows. */
  currentCall: { response: { 200: Nullable(Call) } },
  /** Ends the user's call at the carrier (a reloaded page's End Call). */
  endCall: { params: IdParams, response: { 204: NoContent } },
  setCallQuality: { params: IdParams, body: CallQualitySummary, response: { 204: NoContent } },
  unseenCalls: { response: { 200: UnseenCalls } },
  /** Recent Calls was opened: every missed call there is now is seen. */
  markCallsSeen: { response: { 204: NoContent } },
  /** The voicemail's audio (audio/wav, streamed from the carrier under the user's session; 404 for anyone else's). */
  getVoicemailAudio: { params: IdParams, response: {} },
  /** Marks the voicemail heard (the player calls it when it starts playing). */
  markVoicemailHeard: { params: IdParams, response: { 204: NoContent } },
  /** Deletes the voicemail, here and at the carrier; the call stays in the history. */
  deleteVoicemail: { params: IdParams, response: { 204: NoContent } },
};
