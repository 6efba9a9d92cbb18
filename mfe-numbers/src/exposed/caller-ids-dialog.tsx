import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { CallerIdsDialog } from '../features/caller-ids/caller-ids-dialog.tsx';

export type { CallerIdsDialogProps } from '@ringwise/apps/exposed/numbers';

/** './widgets/caller-ids-dialog': see CallerIdsDialogProps in packages/apps/src/exposed/numbers.ts. */
export default CallerIdsDialog satisfies ExposedComponent<'numbers/widgets/caller-ids-dialog'>;
