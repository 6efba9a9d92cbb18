// Component tests render into happy-dom. Its Request/Response/Headers/fetch would replace Bun's and drop
// headers such as Origin and Accept-Encoding, so the network classes stay Bun's own for every test.
import { setDefaultTimeout } from 'bun:test';
import { GlobalRegistrator } from '@happy-dom/global-registrator';

const network = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'ReadableStream', 'TextEncoder', 'TextDecoder'] as const;
const native = Object.fromEntries(network.map((name) => [name, globalThis[name]]));

GlobalRegistrator.register();
Object.assign(globalThis, native);

// Tests check behaviour, not speed (speed is the benchmarks'): a test or hook that starts api processes or an
// embedded database gets 30 s, so a loaded 2-core machine does not fail it at Bun's default of 5 s.
setDefaultTimeout(30_000);
