// The standalone pages' in-page api (`?fake-api`): each answer is keyed on a route of the contract's table
// (`routes.<name>`), whose method and path it takes from there, so a route renamed in the contract is renamed
// here. Mock Service Worker serves them: its service worker (mockServiceWorker.js, copied into each remote's
// development build by rspack.config.ts) answers the page's requests, so the page's own fetch is never
// patched and the requests show in the browser's network panel. Development pages only: a production remote
// has no page, and nothing of a remote's product code imports this.
import { delay, http, type HttpHandler } from 'msw';
import { routes, type Method, type RouteDefinition, type RouteName, type Routes } from '@ringwise/contract/routes';
import type { ParamsOf } from '@ringwise/contract/types';

export interface FakeRequest<N extends RouteName> {
  method: Method;
  url: URL;
  /** The path parameters the route's `:name` segments matched. */
  params: [ParamsOf<N>] extends [never] ? Record<string, never> : ParamsOf<N>;
  /** The JSON the page sent, as it is (unchecked: a fake validates what it needs), or undefined without one. */
  body: unknown;
}

export interface FakeRoute {
  route: RouteDefinition;
  answer: (request: FakeRequest<RouteName>) => Response | Promise<Response>;
}

/** One route's fake answer; `route` is the contract's entry, `routes.<name>`. */
export function fakeRoute<N extends RouteName>(
  route: Routes[N] & RouteDefinition<N>,
  answer: (request: FakeRequest<N>) => Response | Promise<Response>,
): FakeRoute {
  return { route, answer: answer as FakeRoute['answer'] };
}

export interface FakeApiOptions {
  /** How long each answer takes (a real network's pace, so loading states show). */
  latencyMs: number;
  /**
   * The answer to the table's routes this fake does not answer. Without it they go to the network (the page's
   * own origin), like any other request the fake does not know.
   */
  otherRoutes?: (method: Method, url: URL) => Response;
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** MSW's handlers of `fakes` (and of the rest of the table with `otherRoutes`), in this order. */
export function fakeApiHandlers(fakes: FakeRoute[], { latencyMs, otherRoutes }: FakeApiOptions): HttpHandler[] {
  const answered = new Set(fakes.map((fake) => fake.route.name));
  const rest: FakeRoute[] = otherRoutes
    ? Object.values(routes)
        .filter((route) => !answered.has(route.name))
        .map((route) => ({ route, answer: ({ method, url }) => otherRoutes(method, url) }))
    : [];
  return [...fakes, ...rest].map(({ route, answer }) =>
    http[lowerCase(route.method)](route.path, async ({ request, params }) => {
      const body = await bodyOf(request);
      await delay(latencyMs);
      return answer({ method: route.method, url: new URL(request.url), params: params as never, body });
    }),
  );
}

const lowerCase = (method: Method) => method.toLowerCase() as Lowercase<Method>;

/** Starts answering `fakes` in this page; resolves once the service worker does. */
export async function startFakeApi(fakes: FakeRoute[], options: FakeApiOptions): Promise<void> {
  // loaded here, when a page starts it: MSW's browser entry refuses to load outside a browser (the tests of the
  // handlers above run under Bun)
  const { setupWorker } = await import('msw/browser');
  // every other request (the page's own files, other routes) goes to the network untouched and unreported
  await setupWorker(...fakeApiHandlers(fakes, options)).start({ onUnhandledFrame: 'bypass', quiet: true });
}
