// The loader the shell hands to remotes that show other remotes' widgets (the dialer: numbers' caller-ID select
// and dialogs, contacts' picker, suggestions, match and save dialog, billing's top-up dialog). Remotes are built
// without remote loading of their own (`disableRemote`), so they use the host's federation instance through this.
import type { LoadWidget } from '@ringwise/apps/exposed-modules';
import { isFailedRemoteModule } from './failed-remote.ts';
import { loadRemoteComponent } from './remotes.ts';

/**
 * '<remote>/widgets/<name>' → its default export, or null when it cannot be loaded (never throws). The module's
 * props are those of ExposedModules: the exposing remote checks its default export against them.
 */
export const loadWidget: LoadWidget = async (id) => {
  try {
    const result = await loadRemoteComponent(id);
    return isFailedRemoteModule(result) ? null : result;
  } catch (error) {
    console.warn(`[federation] ${id} could not be loaded`, error);
    return null;
  }
};
