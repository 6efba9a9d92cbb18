// What the Active Call modal says about a call (spec §2 'Active Call modal'), without React.
import { isTerminalCallStatus } from '@ringwise/contract/calls';
import type { CallUiState } from '../../calling/calling-state.ts';
import { endedCallTitles, isEndedCallStatus } from '../../lib/call-outcomes.ts';

/** The subtitles that are not the spec's: the media being restored, a call resumed after a reload. */
export const statusSubtitles = {
  reconnecting: 'The connection dropped. Restoring the call…',
  resumed: 'The page reloaded: this call has no audio here.',
} as const;

/** The status line and its subtitle (null: the number is shown instead). */
export function callStatusText(
  call: Pick<CallUiState, 'twilioStatus' | 'isActive' | 'connected'> & Partial<Pick<CallUiState, 'reconnecting' | 'resumed'>>,
): { title: string; subtitle: string | null } {
  const status = call.twilioStatus;
  if (isEndedCallStatus(status)) return { title: endedCallTitles[status], subtitle: null };
  if (call.reconnecting) return { title: 'Reconnecting…', subtitle: statusSubtitles.reconnecting };
  const resumed = call.resumed ? statusSubtitles.resumed : null;
  if (call.connected && call.isActive) return { title: 'Connected', subtitle: 'Call in progress' };
  if (status === 'ringing' || status === 'in-progress') return { title: 'In Call', subtitle: resumed };
  return { title: 'Connecting...', subtitle: resumed };
}

/** The icon pulses while queued, ringing or connecting. */
export const isPulsing = (call: Pick<CallUiState, 'twilioStatus' | 'isConnecting'>) =>
  call.isConnecting || call.twilioStatus === 'queued' || call.twilioStatus === 'ringing';

/** Duration and the mute, speaker and keypad buttons show while active, in progress or ringing. */
export const showsControls = (call: Pick<CallUiState, 'twilioStatus' | 'isActive'>) =>
  call.isActive || call.twilioStatus === 'in-progress' || call.twilioStatus === 'ringing';

/** End Call is hidden once the status is terminal. */
export const showsEndCall = (call: Pick<CallUiState, 'twilioStatus'>) => !(call.twilioStatus && isTerminalCallStatus(call.twilioStatus));
