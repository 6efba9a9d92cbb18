import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { CallOverlay } from '../features/call/call-overlay.tsx';

export type { CallOverlayProps } from '@ringwise/apps/exposed/dialer';

/** './widgets/call-overlay': see CallOverlayProps in packages/apps/src/exposed/dialer.ts. */
export default CallOverlay satisfies ExposedComponent<'dialer/widgets/call-overlay'>;
