import '../styles.css';
import { NumbersSettings } from '../features/settings/numbers-settings.tsx';

/** The numbers remote: caller numbers, virtual numbers and verified caller IDs. */
export default function NumbersApp() {
  return <NumbersSettings />;
}
