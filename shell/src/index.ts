// The page's styles load with the first HTML (server-rendered pages are styled before any script runs);
// the async boundary then lets shared modules (React, react-query, the kit) be negotiated before bootstrap.
import '@ringwise/ui/styles.css';
import './styles.css';

import('./bootstrap');
