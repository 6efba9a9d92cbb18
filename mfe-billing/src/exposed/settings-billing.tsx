import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { BillingSettings } from '../features/settings/billing-settings.tsx';

export type { SettingsBillingProps } from '@ringwise/apps/exposed/billing';

/** './widgets/settings-billing': see SettingsBillingProps in packages/apps/src/exposed/billing.ts. */
export default BillingSettings satisfies ExposedComponent<'billing/widgets/settings-billing'>;
