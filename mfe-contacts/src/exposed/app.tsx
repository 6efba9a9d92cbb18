import '../styles.css';
import { ContactsView } from '../features/contacts/contacts-view.tsx';

/** The contacts remote's view. */
export default function ContactsApp() {
  return <ContactsView />;
}
