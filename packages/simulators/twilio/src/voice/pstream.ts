// The Voice SDK's signalling wire (PStream, @twilio/voice-sdk lib/twilio/pstream.ts): text frames of JSON
// `{ type, version, payload }` both ways, plus a bare "\n" heartbeat the server sends and the SDK echoes (its
// WSTransport reconnects when nothing arrived for 15 s).
//
// The SDK sends: listen {token, browserinfo, reconnectTimeout} on every open and token update; register
// {media: {audio}}; invite {callsid, sdp, twilio: {params}} (a new call; params is a query string) or
// {callsid, sdp, reconnect, twilio: {}} (a call resumed after the WebSocket came back); answer {callsid, sdp}
// (accepting an incoming call); dtmf {callsid, dtmf}; hangup {callsid, message?}; reject {callsid};
// reinvite {callsid, sdp} (ICE restart); message {callsid, content, contenttype, messagetype, voiceeventsid}.
// It handles: connected {region, edge, home, token: {identity, ttl}}; ready; offline; invite {callsid, sdp,
// parameters}; ringing {callsid, sdp?}; answer {callsid, sdp?, reconnect?}; cancel {callsid}; hangup {callsid,
// error?}; ack {acktype, callsid, voiceeventsid}; message; error {error: {code, message}, callsid?}; close.

/** The protocol version the SDK sends (PSTREAM_VERSION). */
export const pstreamVersion = '1.6';

export const heartbeat = '\n';

export interface PStreamMessage {
  type: string;
  payload: Record<string, unknown>;
}

export function encode(type: string, payload: Record<string, unknown> = {}): string {
  return JSON.stringify({ type, version: pstreamVersion, payload });
}

/** A frame from the SDK: a message, the heartbeat, or null when it is neither. */
export function decode(data: unknown): PStreamMessage | 'heartbeat' | null {
  if (data === heartbeat) return 'heartbeat';
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const { type, payload } = value as { type?: unknown; payload?: unknown };
  if (typeof type !== 'string') return null;
  return { type, payload: payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {} };
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
