// The answered call's meter (spec §9 'Timing'): every second the duration goes up by one and the cost shown is what
// the call would be charged if it ended now, by the api's own rule (@ringwise/contract/calls' pricing: from the
// answer the connection fee, from the first second the first increment), and the credit warning comes
// lowCreditWarningSeconds before what the balance pays for (maxDurationSeconds from the call's start).
import { callTiming, costSoFarCents, lowCreditWarningSeconds } from '@ringwise/contract/calls';
import type { CallingDeps } from './calling-deps.ts';
import type { CallingState } from './calling-state.ts';

export interface CallMeter {
  /** Starts counting (once per call; again only after stop). */
  start(): void;
  stop(): void;
}

export function createCallMeter(deps: CallingDeps, state: CallingState): CallMeter {
  let tick: unknown = null;
  return {
    start() {
      if (tick !== null) return;
      // answered: the connection fee is owed at once
      const answered = state.get().call;
      state.setCall({ cost: costSoFarCents(answered.pricing, answered.duration) });
      tick = deps.timers.setInterval(() => {
        const { duration, pricing, maxDurationSeconds, lowCredit } = state.get().call;
        const next = duration + 1;
        const warn = !lowCredit && maxDurationSeconds !== null && next >= maxDurationSeconds - lowCreditWarningSeconds;
        state.setCall({ duration: next, cost: costSoFarCents(pricing, next), ...(warn ? { lowCredit: true } : {}) });
      }, callTiming.durationTickMs);
      // a balance that pays for less than the warning's lead warns at once
      const { maxDurationSeconds } = state.get().call;
      if (maxDurationSeconds !== null && maxDurationSeconds <= lowCreditWarningSeconds) state.setCall({ lowCredit: true });
    },
    stop() {
      if (tick !== null) deps.timers.clearInterval(tick);
      tick = null;
    },
  };
}
