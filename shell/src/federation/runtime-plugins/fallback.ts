// When a remote cannot be loaded (manifest, entry or exposed module), loadRemote resolves to a marker
// module instead of throwing; the slot that asked for it shows "<Area> is unavailable" with Retry.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { failedRemoteModule } from '../failed-remote.ts';
import { isIncompatibleRemoteError } from '../incompatible-remote.ts';

export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'ringwise-fallback',
    errorLoadRemote(args) {
      // Earlier lifecycles (manifest, request) rethrow and arrive here once more as 'onLoad'.
      if (args.lifecycle !== 'onLoad') return undefined;
      // a refused remote was reported with its versions by the compatibility plugin
      if (!isIncompatibleRemoteError(args.error)) console.warn(`[federation] ${args.id} could not be loaded`, args.error);
      return failedRemoteModule(args.id, args.error);
    },
  };
}
