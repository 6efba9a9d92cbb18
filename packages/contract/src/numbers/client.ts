// Virtual numbers and verified caller IDs for the browser: types, rules, queries and requests.
import { queryOptions } from '@tanstack/react-query';
import { apiQueryKey, apiRequest, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { CallerIdInitiateInput, NumberPurchaseInput, NumberSearchInput } from './schema.ts';
import type { VoicemailGreeting } from './greeting.ts';
import type { NumberForwardingInput } from './forwarding.ts';

export type {
  AvailableNumber,
  CallerIdInitiated,
  CallerIdInitiateInput,
  CallerIdStatus,
  NumberPricing,
  NumberPurchaseInput,
  NumberSearchInput,
  VerifiedCallerId,
  VirtualNumber,
} from './schema.ts';
export type { VoicemailGreeting } from './greeting.ts';
export type { NumberForwarding, NumberForwardingInput } from './forwarding.ts';
export * from './rules.ts';
export * from './caller-id-options.ts';

/** spec §9: pricing is cached for an hour. */
export const pricingCacheMs = 60 * 60 * 1000;

export const numberQueries = {
  /** GET /api/virtual-numbers: the user's numbers (active and in grace). */
  list: () =>
    queryOptions({
      queryKey: apiQueryKey(routes.listVirtualNumbers, {}),
      queryFn: ({ signal }) => callApi(routes.listVirtualNumbers, {}, { signal }),
    }),
  /** GET /api/virtual-numbers/pricing?country=: which types a country sells and their monthly prices. */
  pricing: (country: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.getNumberPricing, { query: { country } }),
      queryFn: ({ signal }) => callApi(routes.getNumberPricing, { query: { country } }, { signal }),
      staleTime: pricingCacheMs,
      gcTime: pricingCacheMs,
    }),
};

export const callerIdQueries = {
  /** GET /api/verified-caller-ids. */
  list: () =>
    queryOptions({
      queryKey: apiQueryKey(routes.listCallerIds, {}),
      queryFn: ({ signal }) => callApi(routes.listCallerIds, {}, { signal }),
    }),
};

export const numberRequests = {
  search: (body: NumberSearchInput) => callApi(routes.searchNumbers, { body }),
  purchase: (body: NumberPurchaseInput) => callApi(routes.purchaseNumber, { body }),
  release: (id: string) => callApi(routes.releaseNumber, { params: { id } }),
};

export const callerIdRequests = {
  initiate: (body: CallerIdInitiateInput) => callApi(routes.initiateCallerId, { body }),
  checkStatus: (id: string) => callApi(routes.checkCallerIdStatus, { params: { id } }),
  remove: (id: string) => callApi(routes.deleteCallerId, { params: { id } }),
};

export const greetingQueries = {
  /** GET /api/virtual-numbers/{id}/greeting: the number's own greeting, or null (the spoken default). */
  get: (numberId: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.getVoicemailGreeting, { params: { id: numberId } }),
      queryFn: ({ signal }) => callApi(routes.getVoicemailGreeting, { params: { id: numberId } }, { signal }),
    }),
};

export const greetingRequests = {
  /** PUT the recording (a WAV file, 1 to 60 s) as the number's greeting. */
  upload: async (numberId: string, wav: Blob): Promise<VoicemailGreeting> => {
    const res = await apiRequest(routes.uploadVoicemailGreeting.method, routes.uploadVoicemailGreeting.path.replace(':id', encodeURIComponent(numberId)), wav);
    return (await res.json()) as VoicemailGreeting;
  },
  remove: (numberId: string) => callApi(routes.deleteVoicemailGreeting, { params: { id: numberId } }),
  /** The greeting's audio, to listen to (the session's token in the header, so not an <audio src>). */
  audio: async (numberId: string): Promise<Blob> => {
    const res = await apiRequest(routes.getVoicemailGreetingAudio.method, routes.getVoicemailGreetingAudio.path.replace(':id', encodeURIComponent(numberId)));
    return res.blob();
  },
};

export const forwardingQueries = {
  /** GET /api/virtual-numbers/{id}/forwarding: where the number's calls go when the browser does not take them. */
  get: (numberId: string) =>
    queryOptions({
      queryKey: apiQueryKey(routes.getNumberForwarding, { params: { id: numberId } }),
      queryFn: ({ signal }) => callApi(routes.getNumberForwarding, { params: { id: numberId } }, { signal }),
    }),
};

export const forwardingRequests = {
  set: (numberId: string, body: NumberForwardingInput) => callApi(routes.setNumberForwarding, { params: { id: numberId }, body }),
};
