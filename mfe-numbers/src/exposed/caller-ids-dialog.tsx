import '../styles.css';
import { CallerIdsDialog } from '../features/caller-ids/caller-ids-dialog.tsx';

export type { CallerIdsDialogProps } from './widget-props.ts';

/** './widgets/caller-ids-dialog': see CallerIdsDialogProps in widget-props.ts. */
export default CallerIdsDialog;
