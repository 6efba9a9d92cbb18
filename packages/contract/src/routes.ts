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

const route = <const Name extends string, const M extends Method, const P extends string, const A extends Access>(name: Name, method: M, path: P, access: A) =>
  ({ name, method, path, access }) as const;

export const routes = {
  health: route('health', 'GET', '/api/health', 'public'),
  liveness: route('liveness', 'GET', '/api/health/live', 'public'),
  openApiDocument: route('openApiDocument', 'GET', '/api/openapi.json', 'public'),
  apiReference: route('apiReference', 'GET', '/api/docs', 'public'),

  currentUser: route('currentUser', 'GET', '/api/auth/user', 'user'),
  updatePreference: route('updatePreference', 'PATCH', '/api/user/preferences', 'user'),

  updateProfileNames: route('updateProfileNames', 'PATCH', '/api/user/profile', 'user'),
  uploadAvatar: route('uploadAvatar', 'PUT', '/api/user/avatar', 'user'),
  deleteAvatar: route('deleteAvatar', 'DELETE', '/api/user/avatar', 'user'),
  getAvatar: route('getAvatar', 'GET', '/api/avatars/:id', 'public'),
  exportUserData: route('exportUserData', 'GET', '/api/user/export', 'user'),
  deleteAccount: route('deleteAccount', 'DELETE', '/api/user', 'user'),

  listContacts: route('listContacts', 'GET', '/api/contacts', 'user'),
  createContact: route('createContact', 'POST', '/api/contacts', 'user'),
  saveContactFromCall: route('saveContactFromCall', 'POST', '/api/contacts/from-call', 'user'),
  updateContact: route('updateContact', 'PATCH', '/api/contacts/:id', 'user'),
  deleteContact: route('deleteContact', 'DELETE', '/api/contacts/:id', 'user'),

  listTransactions: route('listTransactions', 'GET', '/api/transactions', 'user'),
  createCheckoutSession: route('createCheckoutSession', 'POST', '/api/stripe/checkout-sessions', 'user'),
  getCheckoutSession: route('getCheckoutSession', 'GET', '/api/stripe/checkout-sessions/:id', 'user'),
  createPortalSession: route('createPortalSession', 'POST', '/api/stripe/create-portal-session', 'user'),

  listVirtualNumbers: route('listVirtualNumbers', 'GET', '/api/virtual-numbers', 'user'),
  getNumberPricing: route('getNumberPricing', 'GET', '/api/virtual-numbers/pricing', 'user'),
  searchNumbers: route('searchNumbers', 'POST', '/api/virtual-numbers/search', 'user'),
  purchaseNumber: route('purchaseNumber', 'POST', '/api/virtual-numbers/purchase', 'user'),
  releaseNumber: route('releaseNumber', 'DELETE', '/api/virtual-numbers/:id', 'user'),

  listCallerIds: route('listCallerIds', 'GET', '/api/verified-caller-ids', 'user'),
  initiateCallerId: route('initiateCallerId', 'POST', '/api/verified-caller-ids/initiate', 'user'),
  checkCallerIdStatus: route('checkCallerIdStatus', 'POST', '/api/verified-caller-ids/:id/check-status', 'user'),
  deleteCallerId: route('deleteCallerId', 'DELETE', '/api/verified-caller-ids/:id', 'user'),

  getCallingToken: route('getCallingToken', 'GET', '/api/twilio/token', 'user'),
  startCall: route('startCall', 'POST', '/api/calls/start', 'user'),
  setCallSid: route('setCallSid', 'PATCH', '/api/calls/:id/sid', 'user'),
  getCallStatus: route('getCallStatus', 'GET', '/api/calls/status/:callSid', 'user'),
  listCalls: route('listCalls', 'GET', '/api/calls', 'user'),
  sendCallFeedback: route('sendCallFeedback', 'POST', '/api/calls/:id/feedback', 'user'),
  currentCall: route('currentCall', 'GET', '/api/calls/current', 'user'),
  endCall: route('endCall', 'POST', '/api/calls/:id/end', 'user'),
  setCallQuality: route('setCallQuality', 'PATCH', '/api/calls/:id/quality', 'user'),

  lookupRate: route('lookupRate', 'GET', '/api/rates/lookup', 'public'),
  listRateCountries: route('listRateCountries', 'GET', '/api/rates/countries', 'public'),
  getCountry: route('getCountry', 'GET', '/api/countries/:code', 'public'),

  adminDashboard: route('adminDashboard', 'GET', '/api/admin/dashboard', 'admin'),
  adminUsers: route('adminUsers', 'GET', '/api/admin/users', 'admin'),
  adminUser: route('adminUser', 'GET', '/api/admin/users/:id', 'admin'),
  adminAdjustBalance: route('adminAdjustBalance', 'POST', '/api/admin/users/:id/adjustments', 'admin'),
  adminSetRole: route('adminSetRole', 'PUT', '/api/admin/users/:id/role', 'admin'),
  adminCalls: route('adminCalls', 'GET', '/api/admin/calls', 'admin'),
  adminRefundCall: route('adminRefundCall', 'POST', '/api/admin/calls/:id/refund', 'admin'),
  adminFinancial: route('adminFinancial', 'GET', '/api/admin/financial', 'admin'),
  adminFinancialCsv: route('adminFinancialCsv', 'GET', '/api/admin/financial.csv', 'admin'),
  adminLedgerCheck: route('adminLedgerCheck', 'GET', '/api/admin/ledger-check', 'admin'),
  adminAuditLog: route('adminAuditLog', 'GET', '/api/admin/audit-log', 'admin'),
  adminRates: route('adminRates', 'GET', '/api/admin/rates', 'admin'),
  adminImportRates: route('adminImportRates', 'POST', '/api/admin/rates/import', 'admin'),
  adminSetRate: route('adminSetRate', 'POST', '/api/admin/rates', 'admin'),
  adminBlockPrefix: route('adminBlockPrefix', 'PUT', '/api/admin/blocked-prefixes/:prefix', 'admin'),
  adminUnblockPrefix: route('adminUnblockPrefix', 'DELETE', '/api/admin/blocked-prefixes/:prefix', 'admin'),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type Route<N extends RouteName = RouteName> = Routes[N];
