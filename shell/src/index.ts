// The async boundary: shared modules (React, react-query, the kit) are negotiated before bootstrap runs.
import('./bootstrap');
