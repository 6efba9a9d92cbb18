import '../styles.css';
import { ContactSuggestions } from '../features/widgets/contact-suggestions.tsx';

export type { ContactSuggestionsProps } from './widget-props.ts';

/** './widgets/contact-suggestions': see ContactSuggestionsProps in widget-props.ts. */
export default ContactSuggestions;
