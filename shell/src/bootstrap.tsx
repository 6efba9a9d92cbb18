import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { createQueryClient } from './query/query-client.ts';
import { removeServerHeadTags, takeOverServerRender } from './server-handoff.ts';

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');
const queryClient = createQueryClient();
await takeOverServerRender(queryClient);
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
requestAnimationFrame(removeServerHeadTags);
