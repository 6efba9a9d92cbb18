import '../styles.css';
import type { ExposedComponent } from '@ringwise/apps/exposed-modules';
import { NumbersSettings } from '../features/settings/numbers-settings.tsx';

export type { NumbersAppProps } from '@ringwise/apps/exposed/numbers';

/** './app': the Numbers section of Settings (the shell's settings slot loads `numbers/app`). */
function NumbersApp() {
  return <NumbersSettings />;
}

export default NumbersApp satisfies ExposedComponent<'numbers/app'>;
