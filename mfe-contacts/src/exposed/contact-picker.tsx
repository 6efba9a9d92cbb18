import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { ContactPicker } from '../features/widgets/contact-picker.tsx';

export type { ContactPickerProps } from '@ringwise/apps/exposed/contacts';

/** './widgets/contact-picker': see ContactPickerProps in packages/apps/src/exposed/contacts.ts. */
export default ContactPicker satisfies ExposedComponent<'contacts/widgets/contact-picker'>;
