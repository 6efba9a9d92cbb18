import '../styles.css';
import { NumbersSettings } from '../features/settings/numbers-settings.tsx';

export type { NumbersAppProps } from './widget-props.ts';

/** './app': the Numbers section of Settings (the shell's settings slot loads `numbers/app`). */
export default function NumbersApp() {
  return <NumbersSettings />;
}
