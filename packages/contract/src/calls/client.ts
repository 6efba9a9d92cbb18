// Calls for the browser: types, rules, queries and requests.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiQueryKey, apiRequest, callApi } from '@ringwise/api-client';
import { routes } from '../routes.ts';
import type { CallFeedbackInput, CallQualitySummary, CallStartInput } from './schema.ts';

export type { Call, CallCostItems, CallFeedbackInput, CallingToken, CallPage, CallQualitySummary, CallStarted, CallStartInput, CallStatusResponse, UnseenCalls, VoicemailSummary } from './schema.ts';
export * from './rules.ts';
export * from './pricing.ts';

const pageRequest = (cursor: string | null) => ({ query: cursor ? { cursor } : {} });

export const callQueries = {
  /** GET /api/calls, newest first, page by page (the key's prefix is ['/api/calls']). */
  list: () =>
    infiniteQueryOptions({
      queryKey: apiQueryKey(routes.listCalls, pageRequest(null)),
      queryFn: ({ pageParam, signal }) => callApi(routes.listCalls, pageRequest(pageParam), { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** GET /api/calls/unseen: the Calls tab's count of missed calls not seen yet. The shell shows it; the dialer
   *  refreshes it after a call and clears it when Recent Calls is opened (one shared QueryClient). */
  unseen: () =>
    queryOptions({
      queryKey: apiQueryKey(routes.unseenCalls, {}),
      queryFn: ({ signal }) => callApi(routes.unseenCalls, {}, { signal }),
    }),
};

export const callRequests = {
  /** GET /api/twilio/token: at start-up and before the token expires. */
  token: (signal?: AbortSignal) => callApi(routes.getCallingToken, {}, signal ? { signal } : {}),
  start: (body: CallStartInput) => callApi(routes.startCall, { body }),
  setSid: (callId: string, twilioCallSid: string) => callApi(routes.setCallSid, { params: { id: callId }, body: { twilioCallSid } }),
  status: (callSid: string, signal?: AbortSignal) => callApi(routes.getCallStatus, { params: { callSid } }, signal ? { signal } : {}),
  feedback: (callId: string, body: CallFeedbackInput) => callApi(routes.sendCallFeedback, { params: { id: callId }, body }),
  quality: (callId: string, body: CallQualitySummary) => callApi(routes.setCallQuality, { params: { id: callId }, body }),
  /** GET /api/calls/current: the user's call still in progress (after a reload), or null. */
  current: (signal?: AbortSignal) => callApi(routes.currentCall, {}, signal ? { signal } : {}),
  end: (callId: string) => callApi(routes.endCall, { params: { id: callId } }),
  /** POST /api/calls/seen: Recent Calls was opened. */
  markSeen: () => callApi(routes.markCallsSeen, {}),
  /** The newest calls, one page (what a call ended elsewhere settled at). */
  recent: (limit = 10) => callApi(routes.listCalls, { query: { limit: String(limit) } }),
};

/** A call's voicemail (issue 36): its audio comes with the session's token, so the page plays it from a blob. */
export const voicemailRequests = {
  audio: async (callId: string, signal?: AbortSignal): Promise<Blob> => {
    const res = await apiRequest(routes.getVoicemailAudio.method, routes.getVoicemailAudio.path.replace(':id', encodeURIComponent(callId)), undefined, signal ? { signal } : {});
    return res.blob();
  },
  markHeard: (callId: string) => callApi(routes.markVoicemailHeard, { params: { id: callId } }),
  remove: (callId: string) => callApi(routes.deleteVoicemail, { params: { id: callId } }),
};
