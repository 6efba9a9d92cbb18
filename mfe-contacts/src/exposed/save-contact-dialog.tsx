import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { SaveContactDialog } from '../features/widgets/save-contact-dialog.tsx';

export type { SaveContactDialogProps } from '@ringwise/apps/exposed/contacts';

/** './widgets/save-contact-dialog': see SaveContactDialogProps in packages/apps/src/exposed/contacts.ts. */
export default SaveContactDialog satisfies ExposedComponent<'contacts/widgets/save-contact-dialog'>;
