import '../styles.css';
import { VirtualNumbersDialog } from '../features/virtual-numbers/virtual-numbers-dialog.tsx';

export type { VirtualNumbersDialogProps } from './widget-props.ts';

/** './widgets/virtual-numbers-dialog': see VirtualNumbersDialogProps in widget-props.ts. */
export default VirtualNumbersDialog;
