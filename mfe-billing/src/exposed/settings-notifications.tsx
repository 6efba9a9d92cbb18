import '../styles.css';
import { NotificationSettings } from '../features/settings/notification-settings.tsx';

export type { SettingsNotificationsProps } from './widget-props.ts';

/** './widgets/settings-notifications': see SettingsNotificationsProps in widget-props.ts. */
export default NotificationSettings;
