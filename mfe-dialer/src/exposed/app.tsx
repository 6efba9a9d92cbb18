import '../styles.css';
import { DialerView } from '../features/dialer/dialer-view.tsx';
import { RecentCallsView } from '../features/calls/recent-calls-view.tsx';

export interface DialerAppProps {
  view?: 'dialer' | 'calls';
}

/** The dialer remote: the dialer (default) and the Recent Calls view. */
export default function DialerApp({ view = 'dialer' }: DialerAppProps) {
  return view === 'calls' ? <RecentCallsView /> : <DialerView />;
}
