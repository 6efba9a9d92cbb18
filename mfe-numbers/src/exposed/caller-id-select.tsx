import '../styles.css';
import { CallerIdSelect } from '../features/caller-id-select/caller-id-select.tsx';

export type { CallerIdSelectProps } from './widget-props.ts';
export type { CallerIdOption } from '../features/data/caller-id-options.ts';
/** The options without React: callerIdOptions(numbers, callerIds, current). */
export { callerIdOptions, PUBLIC_NUMBER_LABEL } from '../features/data/caller-id-options.ts';

/** './widgets/caller-id-select': see CallerIdSelectProps in widget-props.ts. */
export default CallerIdSelect;
