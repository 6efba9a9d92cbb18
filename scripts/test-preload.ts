// Component tests render into happy-dom. Its Request/Response/Headers/fetch would replace Bun's and drop
// headers such as Origin and Accept-Encoding, so the network classes stay Bun's own for every test.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

const network = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'ReadableStream', 'TextEncoder', 'TextDecoder'] as const;
const native = Object.fromEntries(network.map((name) => [name, globalThis[name]]));

GlobalRegistrator.register();
Object.assign(globalThis, native);
