// Calls, plain data and rules both sides share (spec §3 calls, §4 call status values, §5, §8 call notices, §9).

/** spec §4: every status a call has. `queued` is the status on connect. */
export const callStatuses = ['queued', 'ringing', 'in-progress', 'completed', 'failed', 'busy', 'no-answer', 'canceled'] as const;
export type CallStatus = (typeof callStatuses)[number];

/** spec §4: when one of these arrives the call has ended (and polling stops). */
export const terminalCallStatuses = ['completed', 'failed', 'busy', 'no-answer', 'canceled'] as const satisfies readonly CallStatus[];
export const isTerminalCallStatus = (status: string): boolean => (terminalCallStatuses as readonly string[]).includes(status);

/** Issue 36: how long an incoming call rings the browser (its <Dial timeout>) before it is a missed call. */
export const incomingRingSeconds = 25;

/** The final statuses of an incoming call nobody took (Recent Calls' 'Missed' and 'Declined'): what the unread
 *  count of the Calls tab counts. */
export const unansweredIncomingStatuses = ['busy', 'no-answer', 'canceled', 'failed'] as const satisfies readonly CallStatus[];

/** spec §3: the caller number a call shows. */
export const callingMethods = ['public', 'virtual', 'verified'] as const;
export type CallingMethod = (typeof callingMethods)[number];

export const callDirections = ['outbound', 'inbound'] as const;
export type CallDirection = (typeof callDirections)[number];

/** spec §5 'Feedback on a call'. */
export const callFeedbackIssues = ['audio-latency', 'choppy-audio', 'dropped-call', 'echo', 'noisy-call', 'one-way-audio'] as const;
export type CallFeedbackIssue = (typeof callFeedbackIssues)[number];
export const callFeedbackIssueLabels: Record<CallFeedbackIssue, string> = {
  'audio-latency': 'Audio delay',
  'choppy-audio': 'Choppy audio',
  'dropped-call': 'Call dropped',
  echo: 'Echo',
  'noisy-call': 'Background noise',
  'one-way-audio': 'Could not hear / be heard',
};

/** spec §9 Timing. */
export const callTiming = {
  durationTickMs: 1000,
  statusPollMs: 5000,
  statusPollMaxFailures: 5,
  callerIdPollMs: 3000,
  modalAutoCloseMs: 2000,
  callEndedNoticeDelayMs: 1000,
  /** An incoming call nobody took ends in the browser (the SDK's cancel, a Reject) about when the carrier's final
   *  callback reaches the api, maybe before: Recent Calls and the missed count are read again this much later. */
  unansweredRecheckMs: 3000,
} as const;

/** spec §5 'Starting a call' and §8 'Call notices': the toasts' titles and texts. */
export const callMessages = {
  inProgressTitle: 'Call in Progress',
  inProgress: 'Please end the current call first',
  deviceNotReadyTitle: 'Device Not Ready',
  deviceNotReady: 'Please wait for the device to initialize',
  deviceNotReadyDialer: 'Please wait for the calling service to initialize',
  enterNumber: 'Please enter a phone number',
  callFailedTitle: 'Call Failed',
  callFailedFallback: 'Failed to start call',
  callInitFailed: 'Failed to initialize call. Please try again.',
  callEndedTitle: 'Call Ended',
} as const;

/** Digits that may be sent during a call (spec §5): 0-9, *, # and w (a pause). */
export const callDigitsRule = /^[0-9*#w]+$/;

/** How long before the credit runs out the dialer warns (issue: calling). */
export const lowCreditWarningSeconds = 60;
