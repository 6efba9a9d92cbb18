// Whether an Opus packet carries sound, read from the first bit its encoder wrote (RFC 6716), without decoding it:
// a CELT frame opens with the silence flag, a SILK or hybrid frame with SILK's voice-activity flag. For peers
// that do not send RFC 6464 audio levels. Its size alone does not tell: Chromium's muted microphone sends 3-byte
// CELT packets but 32- to 50-byte hybrid ones, and audible sound goes out at its full bitrate however quiet it is.

/** The first bit of a range-coded frame, whose probability of being set is 1/2^logp (ec_dec_init, then
 *  ec_dec_bit_logp, RFC 6716 §4.1). */
export function firstRangeCodedBit(frame: Uint8Array, logp: number): boolean {
  let position = 0;
  const read = () => (position < frame.length ? (frame[position++] as number) : 0);
  let range = 128;
  let remainder = read();
  let value = range - 1 - (remainder >> 1);
  // normalising to 32 bits: plain arithmetic, as these pass 2^31
  while (range <= 2 ** 23) {
    range *= 256;
    const next = read();
    const symbol = ((remainder << 8) | next) >> 1;
    remainder = next;
    value = (value * 256 + (255 & ~symbol)) % 2 ** 31;
  }
  return value < Math.floor(range / 2 ** logp);
}

/**
 * True when the packet's first frame carries sound: a CELT frame without its silence flag (set for digital
 * silence), a SILK or hybrid frame with its voice-activity flag; false for those flags, for DTX (a frame of at
 * most one byte) and for an empty packet.
 */
export function opusHasSound(packet: Uint8Array): boolean {
  if (packet.length === 0) return false;
  const toc = packet[0] as number;
  const config = toc >> 3;
  let start = 1;
  const code = toc & 3;
  // two frames of different sizes: the first's length comes first (one byte, or two from 252 on)
  if (code === 2) start += (packet[1] ?? 0) < 252 ? 1 : 2;
  // any number of frames: a count byte, padding and lengths; not what WebRTC sends, so judged by size
  if (code === 3) return packet.length > 3;
  const frame = packet.subarray(start);
  if (frame.length <= 1) return false;
  return config >= 16 ? !firstRangeCodedBit(frame, 15) : firstRangeCodedBit(frame, 1);
}
