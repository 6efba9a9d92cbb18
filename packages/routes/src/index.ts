// The route table of spec §2, shared by the shell (what to render) and the api (200 or 404, noindex).
export const homeViews = ['dialer', 'calls', 'contacts', 'transactions', 'rates', 'settings'] as const;
export type HomeView = (typeof homeViews)[number];

export const adminSections = ['users', 'financial', 'calls', 'rates'] as const;
export type AdminSection = (typeof adminSections)[number];

export type RouteMatch =
  | { name: 'landing' }
  | { name: 'sign-in' }
  | { name: 'sign-up' }
  | { name: 'country'; country: string }
  | { name: 'home'; view: HomeView }
  | { name: 'checkout' }
  | { name: 'admin'; section: AdminSection | null }
  | { name: 'profile-settings' };

export type Access = 'public' | 'signed-in';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Matches a pathname against the route table; null means the not-found page. */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  if (parts.some((p) => p === null)) return null;
  const [first, second, ...rest] = parts as string[];
  if (rest.length > 0) return null;
  if (first === undefined) return { name: 'landing' };
  switch (first) {
    case 'sign-in':
    case 'sign-up':
    case 'checkout':
    case 'profile-settings':
      return second === undefined ? { name: first } : null;
    case 'call':
      return second === undefined ? null : { name: 'country', country: second };
    case 'home':
      if (second === undefined) return { name: 'home', view: 'dialer' };
      return isOneOf(homeViews, second) ? { name: 'home', view: second } : null;
    case 'admin':
      if (second === undefined) return { name: 'admin', section: null };
      return isOneOf(adminSections, second) ? { name: 'admin', section: second } : null;
    default:
      return null;
  }
}

export function accessOf(match: RouteMatch): Access {
  switch (match.name) {
    case 'landing':
    case 'sign-in':
    case 'sign-up':
    case 'country':
      return 'public';
    default:
      return 'signed-in';
  }
}

/** Pages search engines must not index: the signed-in app (home, checkout, profile, admin) and the not-found page. */
export function isNoIndex(match: RouteMatch | null): boolean {
  return match === null || accessOf(match) === 'signed-in';
}

export const homeViewTitles: Record<HomeView, string> = {
  dialer: 'Dialer',
  calls: 'Recent Calls',
  contacts: 'Contacts',
  transactions: 'Balance & Transactions',
  rates: 'Calling Rates',
  settings: 'Settings',
};

export const adminSectionTitles: Record<AdminSection, string> = { users: 'Users', financial: 'Financial', calls: 'Calls', rates: 'Rates' };

/**
 * A page's own title (the brand is appended: '{title} | Ringwise'), the same in the server's first HTML and in
 * the browser; null for the pages whose server render brings its own (landing, country) or not found.
 */
export function pageTitleOf(match: RouteMatch | null): string | null {
  if (match === null) return null;
  switch (match.name) {
    case 'sign-in':
      return 'Sign In';
    case 'sign-up':
      return 'Sign Up';
    case 'checkout':
      return 'Checkout';
    case 'profile-settings':
      return 'Profile Settings';
    case 'home':
      return homeViewTitles[match.view];
    case 'admin':
      return match.section ? `Admin: ${adminSectionTitles[match.section]}` : 'Admin';
    default:
      return null;
  }
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Where the app serves a country's flag image (ISO 3166-1 alpha-2 code, any case). */
export function flagImagePath(code: string): string {
  return `/flags/${code.toLowerCase()}.svg`;
}

export const remoteKeys = ['dialer', 'contacts', 'billing', 'numbers', 'marketing'] as const;
export type RemoteKey = (typeof remoteKeys)[number];

/** An exposed module a page renders in its first view: `loadRemote('<remote>/<module>')`. */
export interface RemoteModuleRef {
  remote: RemoteKey;
  module: string;
}

/**
 * The remote modules each page renders first (the shell's routes and views), for the api to name their files in the
 * page: only what shows at once (a preload the page does not use costs bytes and a browser warning).
 */
export function remoteModulesForRoute(match: RouteMatch | null): RemoteModuleRef[] {
  const app = (remote: RemoteKey): RemoteModuleRef => ({ remote, module: 'app' });
  if (match === null) return [];
  switch (match.name) {
    case 'landing':
    case 'country':
      return [app('marketing')];
    case 'checkout':
      return [app('billing')];
    case 'home':
      switch (match.view) {
        case 'dialer':
        case 'calls':
          return [app('dialer')];
        case 'contacts':
          return [app('contacts')];
        case 'transactions':
          return [app('billing')];
        case 'rates':
          return [app('marketing')];
        case 'settings':
          // the first tab's widget; the other tabs' (numbers, notifications) load when opened
          return [{ remote: 'billing', module: 'widgets/settings-billing' }];
      }
      return [];
    default:
      return [];
  }
}

/** The remotes a page needs (their manifests are preloaded with the page). */
export function remotesForRoute(match: RouteMatch | null): RemoteKey[] {
  return [...new Set(remoteModulesForRoute(match).map((ref) => ref.remote))];
}
