// RFC 4733 telephone-events: the RTP packets a browser's RTCDTMFSender sends for each key. One key press is a run
// of packets with the same RTP timestamp, the last ones (repeated up to three times) with the end bit set.

export interface TelephoneEvent {
  event: number;
  end: boolean;
  volume: number;
  duration: number;
}

/** The 4-byte payload of a telephone-event packet, or null when it is too short. */
export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  const flags = payload[1] ?? 0;
  return { event: payload[0] ?? 0, end: (flags & 0x80) !== 0, volume: flags & 0x3f, duration: ((payload[2] ?? 0) << 8) | (payload[3] ?? 0) };
}

const keys = '0123456789*#ABCD';

/** The key of an event code (0-9, *, #, A-D), or null for the other events (tones, flash). */
export function keyOf(event: number): string | null {
  return keys[event] ?? null;
}

/** Turns telephone-event packets into key presses, each reported once (at its first packet). */
export class KeyPresses {
  #lastTimestamp: number | null = null;

  /** The key this packet starts, or null (a repeat of the same press, or not a key). */
  add(timestamp: number, payload: Uint8Array): string | null {
    const parsed = parseTelephoneEvent(payload);
    if (!parsed || timestamp === this.#lastTimestamp) return null;
    this.#lastTimestamp = timestamp;
    return keyOf(parsed.event);
  }
}
