// Every /api route: its name, method and path (spec §7). The one table both sides read: the api mounts each
// route at this method and path with the schemas of `routeSchemas` (schemas.ts), and the browser calls it
// through `callApi(routes.<name>, …)` with the types derived from the same schemas. Plain data, so browser
// code can import it without the schema library.
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Who may call a route: `public` anyone; `user` a signed-in user (a Supabase Auth access token as
 * `Authorization: Bearer`, mounted with `auth: true`); `admin` a signed-in user whose role is admin (403 for
 * anyone else). `api/src/contract.test.ts` checks the api mounts `auth: true` on exactly the non-public routes.
 */
export type Access = 'public' | 'user' | 'admin';

export interface RouteDefinition<Name extends string = string> {
  readonly name: Name;
  readonly method: Method;
  /** Elysia-style path; `:name` segments are path parameters. */
  readonly path: string;
  readonly access: Access;
}

// one export per route (route-table.ts), so a browser build keeps only the routes its code names
export * as routes from './route-table.ts';
import type * as table from './route-table.ts';

export type Routes = typeof table;
export type RouteName = keyof Routes;
export type Route<N extends RouteName = RouteName> = Routes[N];
