// The async boundary: shared modules are negotiated before the standalone page mounts.
import('./bootstrap');
