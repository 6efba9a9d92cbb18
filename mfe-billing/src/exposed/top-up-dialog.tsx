import '../styles.css';
import { TopUpDialog } from '../features/top-up/top-up-dialog.tsx';

export type { TopUpDialogProps } from './widget-props.ts';

/** './widgets/top-up-dialog': see TopUpDialogProps in widget-props.ts. */
export default TopUpDialog;
