import '../styles.css';
import { ContactMatch } from '../features/widgets/contact-match.tsx';

export type { ContactMatchProps } from './widget-props.ts';

/** './widgets/contact-match': see ContactMatchProps in widget-props.ts. */
export default ContactMatch;
