// Every /api route: its name, method and path (spec §7). The one table both sides read: the api mounts each
// route at this method and path with the schemas of `routeSchemas` (schemas.ts), and the browser calls it
// through `callApi(routes.<name>, …)` with the types derived from the same schemas. Plain data, so browser
// code can import it without the schema library.
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDefinition<Name extends string = string> {
  readonly name: Name;
  readonly method: Method;
  /** Elysia-style path; `:name` segments are path parameters. */
  readonly path: string;
}

const route = <const Name extends string, const M extends Method, const P extends string>(name: Name, method: M, path: P) =>
  ({ name, method, path }) as const;

export const routes = {
  health: route('health', 'GET', '/api/health'),

  currentUser: route('currentUser', 'GET', '/api/auth/user'),
  updatePreference: route('updatePreference', 'PATCH', '/api/user/preferences'),

  updateProfileNames: route('updateProfileNames', 'PATCH', '/api/user/profile'),
  uploadAvatar: route('uploadAvatar', 'PUT', '/api/user/avatar'),
  deleteAvatar: route('deleteAvatar', 'DELETE', '/api/user/avatar'),
  getAvatar: route('getAvatar', 'GET', '/api/avatars/:id'),
  exportUserData: route('exportUserData', 'GET', '/api/user/export'),
  deleteAccount: route('deleteAccount', 'DELETE', '/api/user'),

  listContacts: route('listContacts', 'GET', '/api/contacts'),
  createContact: route('createContact', 'POST', '/api/contacts'),
  saveContactFromCall: route('saveContactFromCall', 'POST', '/api/contacts/from-call'),
  updateContact: route('updateContact', 'PATCH', '/api/contacts/:id'),
  deleteContact: route('deleteContact', 'DELETE', '/api/contacts/:id'),

  listTransactions: route('listTransactions', 'GET', '/api/transactions'),
  createCheckoutSession: route('createCheckoutSession', 'POST', '/api/stripe/checkout-sessions'),
  getCheckoutSession: route('getCheckoutSession', 'GET', '/api/stripe/checkout-sessions/:id'),
  createPortalSession: route('createPortalSession', 'POST', '/api/stripe/create-portal-session'),

  listVirtualNumbers: route('listVirtualNumbers', 'GET', '/api/virtual-numbers'),
  getNumberPricing: route('getNumberPricing', 'GET', '/api/virtual-numbers/pricing'),
  searchNumbers: route('searchNumbers', 'POST', '/api/virtual-numbers/search'),
  purchaseNumber: route('purchaseNumber', 'POST', '/api/virtual-numbers/purchase'),
  releaseNumber: route('releaseNumber', 'DELETE', '/api/virtual-numbers/:id'),

  listCallerIds: route('listCallerIds', 'GET', '/api/verified-caller-ids'),
  initiateCallerId: route('initiateCallerId', 'POST', '/api/verified-caller-ids/initiate'),
  checkCallerIdStatus: route('checkCallerIdStatus', 'POST', '/api/verified-caller-ids/:id/check-status'),
  deleteCallerId: route('deleteCallerId', 'DELETE', '/api/verified-caller-ids/:id'),

  getCallingToken: route('getCallingToken', 'GET', '/api/twilio/token'),
  startCall: route('startCall', 'POST', '/api/calls/start'),
  setCallSid: route('setCallSid', 'PATCH', '/api/calls/:id/sid'),
  getCallStatus: route('getCallStatus', 'GET', '/api/calls/status/:callSid'),
  listCalls: route('listCalls', 'GET', '/api/calls'),
  sendCallFeedback: route('sendCallFeedback', 'POST', '/api/calls/:id/feedback'),

  lookupRate: route('lookupRate', 'GET', '/api/rates/lookup'),
  listRateCountries: route('listRateCountries', 'GET', '/api/rates/countries'),
  getCountry: route('getCountry', 'GET', '/api/countries/:code'),

  adminDashboard: route('adminDashboard', 'GET', '/api/admin/dashboard'),
  adminUsers: route('adminUsers', 'GET', '/api/admin/users'),
  adminUser: route('adminUser', 'GET', '/api/admin/users/:id'),
  adminAdjustBalance: route('adminAdjustBalance', 'POST', '/api/admin/users/:id/adjustments'),
  adminSetRole: route('adminSetRole', 'PUT', '/api/admin/users/:id/role'),
  adminCalls: route('adminCalls', 'GET', '/api/admin/calls'),
  adminRefundCall: route('adminRefundCall', 'POST', '/api/admin/calls/:id/refund'),
  adminFinancial: route('adminFinancial', 'GET', '/api/admin/financial'),
  adminFinancialCsv: route('adminFinancialCsv', 'GET', '/api/admin/financial.csv'),
  adminLedgerCheck: route('adminLedgerCheck', 'GET', '/api/admin/ledger-check'),
  adminAuditLog: route('adminAuditLog', 'GET', '/api/admin/audit-log'),
  adminRates: route('adminRates', 'GET', '/api/admin/rates'),
  adminImportRates: route('adminImportRates', 'POST', '/api/admin/rates/import'),
  adminSetRate: route('adminSetRate', 'POST', '/api/admin/rates'),
  adminBlockPrefix: route('adminBlockPrefix', 'PUT', '/api/admin/blocked-prefixes/:prefix'),
  adminUnblockPrefix: route('adminUnblockPrefix', 'DELETE', '/api/admin/blocked-prefixes/:prefix'),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type Route<N extends RouteName = RouteName> = Routes[N];
