import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { NotificationSettings } from '../features/settings/notification-settings.tsx';

export type { SettingsNotificationsProps } from '@ringwise/apps/exposed/billing';

/** './widgets/settings-notifications': see SettingsNotificationsProps in packages/apps/src/exposed/billing.ts. */
export default NotificationSettings satisfies ExposedComponent<'billing/widgets/settings-notifications'>;
