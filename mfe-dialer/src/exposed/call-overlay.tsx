import '../styles.css';
import { CallOverlay } from '../features/call/call-overlay.tsx';

export type { CallOverlayProps } from './widget-props.ts';

/** './widgets/call-overlay': see CallOverlayProps in widget-props.ts. */
export default CallOverlay;
