// The entries of the route table, one export each (routes.ts re-exports them as `routes`): a build keeps only the
// routes its code names, so no browser build carries the whole table.
import type { Access, Method } from './routes.ts';

const route = <const Name extends string, const M extends Method, const P extends string, const A extends Access>(name: Name, method: M, path: P, access: A) =>
  ({ name, method, path, access }) as const;

export const health = /*#__PURE__*/ route('health', 'GET', '/api/health', 'public');
export const liveness = /*#__PURE__*/ route('liveness', 'GET', '/api/health/live', 'public');
export const openApiDocument = /*#__PURE__*/ route('openApiDocument', 'GET', '/api/openapi.json', 'public');
export const apiReference = /*#__PURE__*/ route('apiReference', 'GET', '/api/docs', 'public');

export const currentUser = /*#__PURE__*/ route('currentUser', 'GET', '/api/auth/user', 'user');
export const updatePreference = /*#__PURE__*/ route('updatePreference', 'PATCH', '/api/user/preferences', 'user');

export const updateProfileNames = /*#__PURE__*/ route('updateProfileNames', 'PATCH', '/api/user/profile', 'user');
export const uploadAvatar = /*#__PURE__*/ route('uploadAvatar', 'PUT', '/api/user/avatar', 'user');
export const deleteAvatar = /*#__PURE__*/ route('deleteAvatar', 'DELETE', '/api/user/avatar', 'user');
export const getAvatar = /*#__PURE__*/ route('getAvatar', 'GET', '/api/avatars/:id', 'public');
export const exportUserData = /*#__PURE__*/ route('exportUserData', 'GET', '/api/user/export', 'user');
export const deleteAccount = /*#__PURE__*/ route('deleteAccount', 'DELETE', '/api/user', 'user');

export const listContacts = /*#__PURE__*/ route('listContacts', 'GET', '/api/contacts', 'user');
export const createContact = /*#__PURE__*/ route('createContact', 'POST', '/api/contacts', 'user');
export const saveContactFromCall = /*#__PURE__*/ route('saveContactFromCall', 'POST', '/api/contacts/from-call', 'user');
export const updateContact = /*#__PURE__*/ route('updateContact', 'PATCH', '/api/contacts/:id', 'user');
export const deleteContact = /*#__PURE__*/ route('deleteContact', 'DELETE', '/api/contacts/:id', 'user');

export const listTransactions = /*#__PURE__*/ route('listTransactions', 'GET', '/api/transactions', 'user');
export const createCheckoutSession = /*#__PURE__*/ route('createCheckoutSession', 'POST', '/api/stripe/checkout-sessions', 'user');
export const getCheckoutSession = /*#__PURE__*/ route('getCheckoutSession', 'GET', '/api/stripe/checkout-sessions/:id', 'user');
export const createPortalSession = /*#__PURE__*/ route('createPortalSession', 'POST', '/api/stripe/create-portal-session', 'user');

export const listVirtualNumbers = /*#__PURE__*/ route('listVirtualNumbers', 'GET', '/api/virtual-numbers', 'user');
export const getNumberPricing = /*#__PURE__*/ route('getNumberPricing', 'GET', '/api/virtual-numbers/pricing', 'user');
export const searchNumbers = /*#__PURE__*/ route('searchNumbers', 'POST', '/api/virtual-numbers/search', 'user');
export const purchaseNumber = /*#__PURE__*/ route('purchaseNumber', 'POST', '/api/virtual-numbers/purchase', 'user');
export const releaseNumber = /*#__PURE__*/ route('releaseNumber', 'DELETE', '/api/virtual-numbers/:id', 'user');
export const getVoicemailGreeting = /*#__PURE__*/ route('getVoicemailGreeting', 'GET', '/api/virtual-numbers/:id/greeting', 'user');
export const uploadVoicemailGreeting = /*#__PURE__*/ route('uploadVoicemailGreeting', 'PUT', '/api/virtual-numbers/:id/greeting', 'user');
export const deleteVoicemailGreeting = /*#__PURE__*/ route('deleteVoicemailGreeting', 'DELETE', '/api/virtual-numbers/:id/greeting', 'user');
export const getVoicemailGreetingAudio = /*#__PURE__*/ route('getVoicemailGreetingAudio', 'GET', '/api/virtual-numbers/:id/greeting/audio', 'user');
export const getNumberForwarding = /*#__PURE__*/ route('getNumberForwarding', 'GET', '/api/virtual-numbers/:id/forwarding', 'user');
export const setNumberForwarding = /*#__PURE__*/ route('setNumberForwarding', 'PUT', '/api/virtual-numbers/:id/forwarding', 'user');
export const carrierGreetingAudio = /*#__PURE__*/ route('carrierGreetingAudio', 'GET', '/api/voicemail-greetings/:id', 'public');

export const listCallerIds = /*#__PURE__*/ route('listCallerIds', 'GET', '/api/verified-caller-ids', 'user');
export const initiateCallerId = /*#__PURE__*/ route('initiateCallerId', 'POST', '/api/verified-caller-ids/initiate', 'user');
export const checkCallerIdStatus = /*#__PURE__*/ route('checkCallerIdStatus', 'POST', '/api/verified-caller-ids/:id/check-status', 'user');
export const deleteCallerId = /*#__PURE__*/ route('deleteCallerId', 'DELETE', '/api/verified-caller-ids/:id', 'user');

export const getCallingToken = /*#__PURE__*/ route('getCallingToken', 'GET', '/api/twilio/token', 'user');
export const startCall = /*#__PURE__*/ route('startCall', 'POST', '/api/calls/start', 'user');
export const setCallSid = /*#__PURE__*/ route('setCallSid', 'PATCH', '/api/calls/:id/sid', 'user');
export const getCallStatus = /*#__PURE__*/ route('getCallStatus', 'GET', '/api/calls/status/:callSid', 'user');
export const listCalls = /*#__PURE__*/ route('listCalls', 'GET', '/api/calls', 'user');
export const sendCallFeedback = /*#__PURE__*/ route('sendCallFeedback', 'POST', '/api/calls/:id/feedback', 'user');
export const currentCall = /*#__PURE__*/ route('currentCall', 'GET', '/api/calls/current', 'user');
export const endCall = /*#__PURE__*/ route('endCall', 'POST', '/api/calls/:id/end', 'user');
export const setCallQuality = /*#__PURE__*/ route('setCallQuality', 'PATCH', '/api/calls/:id/quality', 'user');
export const unseenCalls = /*#__PURE__*/ route('unseenCalls', 'GET', '/api/calls/unseen', 'user');
export const markCallsSeen = /*#__PURE__*/ route('markCallsSeen', 'POST', '/api/calls/seen', 'user');
export const getVoicemailAudio = /*#__PURE__*/ route('getVoicemailAudio', 'GET', '/api/calls/:id/voicemail', 'user');
export const markVoicemailHeard = /*#__PURE__*/ route('markVoicemailHeard', 'POST', '/api/calls/:id/voicemail/heard', 'user');
export const deleteVoicemail = /*#__PURE__*/ route('deleteVoicemail', 'DELETE', '/api/calls/:id/voicemail', 'user');

export const lookupRate = /*#__PURE__*/ route('lookupRate', 'GET', '/api/rates/lookup', 'public');
export const listRateCountries = /*#__PURE__*/ route('listRateCountries', 'GET', '/api/rates/countries', 'public');
export const getCountry = /*#__PURE__*/ route('getCountry', 'GET', '/api/countries/:code', 'public');

export const adminDashboard = /*#__PURE__*/ route('adminDashboard', 'GET', '/api/admin/dashboard', 'admin');
export const adminUsers = /*#__PURE__*/ route('adminUsers', 'GET', '/api/admin/users', 'admin');
export const adminUser = /*#__PURE__*/ route('adminUser', 'GET', '/api/admin/users/:id', 'admin');
export const adminAdjustBalance = /*#__PURE__*/ route('adminAdjustBalance', 'POST', '/api/admin/users/:id/adjustments', 'admin');
export const adminSetRole = /*#__PURE__*/ route('adminSetRole', 'PUT', '/api/admin/users/:id/role', 'admin');
export const adminCalls = /*#__PURE__*/ route('adminCalls', 'GET', '/api/admin/calls', 'admin');
export const adminRefundCall = /*#__PURE__*/ route('adminRefundCall', 'POST', '/api/admin/calls/:id/refund', 'admin');
export const adminFinancial = /*#__PURE__*/ route('adminFinancial', 'GET', '/api/admin/financial', 'admin');
export const adminFinancialCsv = /*#__PURE__*/ route('adminFinancialCsv', 'GET', '/api/admin/financial.csv', 'admin');
export const adminLedgerCheck = /*#__PURE__*/ route('adminLedgerCheck', 'GET', '/api/admin/ledger-check', 'admin');
export const adminAuditLog = /*#__PURE__*/ route('adminAuditLog', 'GET', '/api/admin/audit-log', 'admin');
export const adminRates = /*#__PURE__*/ route('adminRates', 'GET', '/api/admin/rates', 'admin');
export const adminImportRates = /*#__PURE__*/ route('adminImportRates', 'POST', '/api/admin/rates/import', 'admin');
export const adminSetRate = /*#__PURE__*/ route('adminSetRate', 'POST', '/api/admin/rates', 'admin');
export const adminBlockPrefix = /*#__PURE__*/ route('adminBlockPrefix', 'PUT', '/api/admin/blocked-prefixes/:prefix', 'admin');
export const adminUnblockPrefix = /*#__PURE__*/ route('adminUnblockPrefix', 'DELETE', '/api/admin/blocked-prefixes/:prefix', 'admin');
