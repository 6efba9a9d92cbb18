import '../styles.css';
import { NotificationSettings } from '../features/settings/notification-settings.tsx';

export default NotificationSettings;
