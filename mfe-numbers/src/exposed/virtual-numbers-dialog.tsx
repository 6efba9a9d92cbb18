import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { VirtualNumbersDialog } from '../features/virtual-numbers/virtual-numbers-dialog.tsx';

export type { VirtualNumbersDialogProps } from '@ringwise/apps/exposed/numbers';

/** './widgets/virtual-numbers-dialog': see VirtualNumbersDialogProps in packages/apps/src/exposed/numbers.ts. */
export default VirtualNumbersDialog satisfies ExposedComponent<'numbers/widgets/virtual-numbers-dialog'>;
