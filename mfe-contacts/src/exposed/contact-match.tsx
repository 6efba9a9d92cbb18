import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { ContactMatch } from '../features/widgets/contact-match.tsx';

export type { ContactMatchProps } from '@ringwise/apps/exposed/contacts';

/** './widgets/contact-match': see ContactMatchProps in packages/apps/src/exposed/contacts.ts. */
export default ContactMatch satisfies ExposedComponent<'contacts/widgets/contact-match'>;
