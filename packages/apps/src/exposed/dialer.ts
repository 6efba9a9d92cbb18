// The props of the modules the dialer remote (mfe-dialer) exposes, listed by id in ../exposed-modules.ts. Each
// default-exports one component. Types only: the remote and its hosts import them with `import type`, so they
// cost no bytes.
//
// The calling device and the call live in one module-level store of this remote (src/calling/use-calling.ts):
// the remote's modules are singletons in the page, so './app' (mounted per /home view) and
// './widgets/call-overlay' (mounted once) see the same call, and a call goes on while the user changes views.
//
// How the dialer shows other remotes' widgets: remotes are built with `disableRemote` and never load remotes
// themselves, so the host hands its loader in as `loadWidget`. Widgets used: numbers/widgets/caller-id-select,
// numbers/widgets/virtual-numbers-dialog, numbers/widgets/caller-ids-dialog, contacts/widgets/contact-picker,
// contacts/widgets/contact-suggestions, contacts/widgets/contact-match, contacts/widgets/save-contact-dialog,
// billing/widgets/top-up-dialog. Without a loader (the standalone page) each shows a plain fallback or nothing.
import type { LoadWidget } from '../exposed-modules.ts';

/**
 * './app': the Dialer view (spec §2 'Dialer view'; reads and removes ?number=) or the Recent Calls view. The
 * views load lazily. Calling needs './widgets/call-overlay' mounted in the page (it owns the device).
 */
export interface DialerAppProps {
  view?: 'dialer' | 'calls';
  loadWidget?: LoadWidget;
}

/**
 * './widgets/call-overlay': mount once in the signed-in layout. Fetches the calling token when the page is idle,
 * registers the device (GET /api/twilio/token: 'twilio' loads @twilio/voice-sdk, 'simulator' the carrier
 * simulator's device), and shows the Active Call modal, the call bar while it is minimised, the incoming call's
 * Accept / Reject, and the rating card after a call. Renders nothing otherwise. The device closes when the session
 * ends (the host empties its QueryClient: sign-out, a 401, another user) or when the overlay unmounts for good (an
 * unmount and mount in one turn, React's StrictMode's, keeps it).
 */
export interface CallOverlayProps {
  loadWidget?: LoadWidget;
}
