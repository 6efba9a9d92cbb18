// A poor network on the way back to the browser: a share of the packets lost and the others delayed by a random
// amount (jitter). Lost packets keep their sequence numbers, so the browser counts them as lost.

export interface Impairment {
  /** Share of packets dropped, 0 to 1. */
  loss: number;
  /** Each packet is delayed by up to this many milliseconds, at random. */
  jitterMs: number;
}

/** What the impaired test destination sends back: enough for the Voice SDK's high-packet-loss (over 3 % on
 *  average), high-jitter (over 30 ms) and low-mos warnings within a few seconds. */
export const poorNetwork: Impairment = { loss: 0.2, jitterMs: 300 };

/** The extra delay of one packet, or null when it is lost. */
export function impair(impairment: Impairment, random: () => number = Math.random): number | null {
  if (random() < impairment.loss) return null;
  return Math.round(random() * impairment.jitterMs);
}
