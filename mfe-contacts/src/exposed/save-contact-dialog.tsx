import '../styles.css';
import { SaveContactDialog } from '../features/widgets/save-contact-dialog.tsx';

export type { SaveContactDialogProps } from './widget-props.ts';

/** './widgets/save-contact-dialog': see SaveContactDialogProps in widget-props.ts. */
export default SaveContactDialog;
