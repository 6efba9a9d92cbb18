import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { TopUpDialog } from '../features/top-up/top-up-dialog.tsx';

export type { TopUpDialogProps } from '@ringwise/apps/exposed/billing';

/** './widgets/top-up-dialog': see TopUpDialogProps in packages/apps/src/exposed/billing.ts. */
export default TopUpDialog satisfies ExposedComponent<'billing/widgets/top-up-dialog'>;
