import '../styles.css';
import { BillingSettings } from '../features/settings/billing-settings.tsx';

export default BillingSettings;
