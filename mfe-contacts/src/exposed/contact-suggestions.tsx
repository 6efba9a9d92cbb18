import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { ContactSuggestions } from '../features/widgets/contact-suggestions.tsx';

export type { ContactSuggestionsProps } from '@ringwise/apps/exposed/contacts';

/** './widgets/contact-suggestions': see ContactSuggestionsProps in packages/apps/src/exposed/contacts.ts. */
export default ContactSuggestions satisfies ExposedComponent<'contacts/widgets/contact-suggestions'>;
