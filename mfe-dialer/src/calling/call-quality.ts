// How a call sounds, from what the Voice SDK measures (statsMonitor.ts): a `sample` each second (MOS, RTT,
// jitter, packet loss) and `warning` / `warning-cleared` when a figure crosses the SDK's thresholds (spec §9:
// jitter above 30, RTT above 400 ms, MOS below 3, packet loss above 1% or 3% on average). The warnings, which the
// SDK already raises and clears with hysteresis, set the level; the samples' MOS, averaged over a few seconds,
// tells good from fair. Also what the call leaves behind: the api's summary and the issue the feedback prompt
// pre-selects.
import type { CallFeedbackIssue, CallQualitySummary } from '@ringwise/contract/calls';
import type { CallQuality, QualityLevel } from './calling-state.ts';

/** The figures of an SDK sample the indicator reads (RTCSample). */
export interface QualitySample {
  mos: number | null;
  rtt: number;
  jitter: number;
  /** Percent of packets lost in the last second. */
  packetsLostFraction: number;
}

/** Warnings that mean the far end hears us badly or not at all, or the call may drop. */
const poorWarnings = new Set(['low-mos', 'high-packet-loss', 'high-packets-lost-fraction', 'ice-connectivity-lost', 'low-bytes-received', 'low-bytes-sent']);
/** Warnings that mean delay or uneven audio. */
const fairWarnings = new Set(['high-rtt', 'high-jitter']);
/** The microphone sends the same level all along: it is muted at the system, unplugged or broken. */
const microphoneWarnings = new Set(['constant-audio-input-level']);

/** Below this average MOS (of the last few samples) a call without warnings is fair, not good. */
export const fairMosBelow = 3.6;
/**
 * Below this average MOS it is poor even before the SDK says so: the SDK's own low-mos threshold (spec §9), whose
 * warnings only start 5 s into the call (an impaired line read "Fair" at MOS 1.3 until then).
 */
export const poorMosBelow = 3;
const mosWindow = 3;

export const qualityHints = {
  microphone: 'We cannot hear you: check your microphone.',
  poor: 'Unstable connection: the call may drop. Try a stronger network.',
  fair: 'Unstable connection: audio may be delayed or choppy.',
} as const;

/** Which feedback issue each warning points to, most telling first. */
const issueOfWarning: Array<[CallFeedbackIssue, readonly string[]]> = [
  ['one-way-audio', ['constant-audio-input-level', 'low-bytes-received', 'low-bytes-sent']],
  ['dropped-call', ['ice-connectivity-lost']],
  ['choppy-audio', ['high-packet-loss', 'high-packets-lost-fraction', 'low-mos', 'high-jitter']],
  ['audio-latency', ['high-rtt']],
];

export interface QualityTracker {
  sample(sample: QualitySample): void;
  warning(name: string): void;
  cleared(name: string): void;
  /** The answered call ended by an error or while reconnecting: it dropped. */
  dropped(): void;
  /** The indicator's state, or null before the first sample or warning. */
  current(): CallQuality | null;
  /** What the api keeps: the worst MOS and each warning raised, once. */
  summary(): CallQualitySummary;
  /** Whether anything was measured at all (a call never answered has nothing to report). */
  measured(): boolean;
  /** The feedback issue the warnings point to, or null. */
  suggestedIssue(): CallFeedbackIssue | null;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function createQualityTracker(): QualityTracker {
  const active = new Set<string>();
  const raised: string[] = [];
  const recentMos: number[] = [];
  let worstMos: number | null = null;
  let latest: QualitySample | null = null;
  let dropped = false;

  function level(): { level: QualityLevel; hint: string | null } {
    const has = (names: Set<string>) => [...active].some((name) => names.has(name));
    if (has(microphoneWarnings)) return { level: 'poor', hint: qualityHints.microphone };
    if (has(poorWarnings)) return { level: 'poor', hint: qualityHints.poor };
    if (has(fairWarnings)) return { level: 'fair', hint: qualityHints.fair };
    const average = recentMos.length > 0 ? recentMos.reduce((sum, mos) => sum + mos, 0) / recentMos.length : null;
    if (average !== null && recentMos.length >= mosWindow && average < poorMosBelow) return { level: 'poor', hint: qualityHints.poor };
    if (average !== null && recentMos.length >= mosWindow && average < fairMosBelow) return { level: 'fair', hint: qualityHints.fair };
    return { level: 'good', hint: null };
  }

  return {
    sample(sample) {
      latest = sample;
      if (sample.mos === null || !Number.isFinite(sample.mos)) return;
      worstMos = worstMos === null ? sample.mos : Math.min(worstMos, sample.mos);
      recentMos.push(sample.mos);
      if (recentMos.length > mosWindow) recentMos.shift();
    },
    warning(name) {
      active.add(name);
      if (!raised.includes(name)) raised.push(name);
    },
    cleared(name) {
      active.delete(name);
    },
    dropped() {
      dropped = true;
    },
    current() {
      if (!latest && active.size === 0) return null;
      return {
        ...level(),
        mos: latest?.mos ?? null,
        rttMs: latest ? Math.round(latest.rtt) : null,
        jitterMs: latest ? Math.round(latest.jitter) : null,
        packetLossPercent: latest ? round(latest.packetsLostFraction, 1) : null,
      };
    },
    // the contract keeps at most 10 names of at most 40 characters (the SDK's are short; the first raised are kept)
    summary: () => ({ worstMos: worstMos === null ? null : round(worstMos, 2), warnings: raised.filter((name) => name.length <= 40).slice(0, 10) }),
    measured: () => worstMos !== null || raised.length > 0,
    suggestedIssue() {
      const seen = dropped ? [...raised, 'ice-connectivity-lost'] : raised;
      return issueOfWarning.find(([, names]) => names.some((name) => seen.includes(name)))?.[0] ?? null;
    },
  };
}
