import '../styles.css';
import { BillingSettings } from '../features/settings/billing-settings.tsx';

export type { SettingsBillingProps } from './widget-props.ts';

/** './widgets/settings-billing': see SettingsBillingProps in widget-props.ts. */
export default BillingSettings;
