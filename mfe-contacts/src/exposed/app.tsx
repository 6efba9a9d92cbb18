import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { ContactsView } from '../features/contacts/contacts-view.tsx';

export type { ContactsAppProps } from '@ringwise/apps/exposed/contacts';

/** The contacts remote's view. */
function ContactsApp() {
  return <ContactsView />;
}

export default ContactsApp satisfies ExposedComponent<'contacts/app'>;
