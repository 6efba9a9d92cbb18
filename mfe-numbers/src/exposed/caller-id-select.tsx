import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { CallerIdSelect } from '../features/caller-id-select/caller-id-select.tsx';

export type { CallerIdSelectProps } from '@ringwise/apps/exposed/numbers';
export type { CallerIdOption } from '../features/data/caller-id-options.ts';
/** The options without React: callerIdOptions(numbers, callerIds, current). */
export { callerIdOptions, PUBLIC_NUMBER_LABEL } from '../features/data/caller-id-options.ts';

/** './widgets/caller-id-select': see CallerIdSelectProps in packages/apps/src/exposed/numbers.ts. */
export default CallerIdSelect satisfies ExposedComponent<'numbers/widgets/caller-id-select'>;
