// The shell's tree rendered to HTML on the server (run by Bun in the api, never part of the browser
// build), for the pages crawlers read. It is the very tree the browser hydrates: the same App, the same
// query data, the page's remote handed in directly. Rendered as a document so React hoists the page's
// <title>, <meta> and <link> out of the body (the api writes them into <head> from the page's metadata).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../app.tsx';
import { provideLoadedRemote, type RemoteComponent } from '../federation/remotes.ts';
import { createQueryClient } from '../query/query-client.ts';

export interface ShellRenderInput {
  path: string;
  origin: string;
  queries: { queryKey: readonly unknown[]; data: unknown }[];
  /** The remote modules the page renders, by id ("marketing/app"). */
  remotes: Record<string, RemoteComponent>;
}

function bodyOf(document: string): string {
  const start = document.indexOf('<body>');
  const end = document.lastIndexOf('</body>');
  if (start < 0 || end < start) throw new Error('the server render produced no <body>');
  return document.slice(start + '<body>'.length, end);
}

export function renderAppBody({ path, origin, queries, remotes }: ShellRenderInput): string {
  for (const [id, Component] of Object.entries(remotes)) provideLoadedRemote(id, Component);
  const queryClient = createQueryClient();
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  try {
    return bodyOf(
      renderToString(
        <html lang="en">
          <body>
            <StrictMode>
              <App queryClient={queryClient} origin={origin} ssrPath={path} />
            </StrictMode>
          </body>
        </html>,
      ),
    );
  } finally {
    queryClient.clear();
  }
}
