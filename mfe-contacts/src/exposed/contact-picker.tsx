import '../styles.css';
import { ContactPicker } from '../features/widgets/contact-picker.tsx';

export type { ContactPickerProps } from './widget-props.ts';

/** './widgets/contact-picker': see ContactPickerProps in widget-props.ts. */
export default ContactPicker;
