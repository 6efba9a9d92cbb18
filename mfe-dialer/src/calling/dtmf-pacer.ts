// Keys pressed on the in-call keypad, sent no faster than they can be played. The Voice SDK hands every
// sendDigits straight to RTCDTMFSender.insertDTMF, which *replaces* the tones still waiting to play: a key
// pressed while the previous one sounds would wipe out the ones between (4, 2, # quickly reached the far end as
// "4#", measured in the calling e2e). The pacer sends a key at once when the line is quiet, and the keys pressed
// while tones play together, as one string, once they have finished.

/** How long one key keeps the sender busy: the SDK's DTMF_TONE_DURATION (160 ms) and DTMF_INTER_TONE_GAP (70 ms). */
export const dtmfToneSlotMs = 160 + 70;

export interface DtmfPacer {
  /** Sends `digits` now, or after the tones already under way. */
  press(digits: string): void;
}

/**
 * `send` plays a string of keys; `later` runs a function after a delay and is expected to be cancelled with the
 * call (so keys still waiting when the call ends are dropped, not sent to the next one).
 */
export function createDtmfPacer(send: (digits: string) => void, later: (fn: () => void, ms: number) => void): DtmfPacer {
  let waiting = '';
  let busy = false;

  const play = (digits: string) => {
    busy = true;
    send(digits);
    later(() => {
      busy = false;
      if (!waiting) return;
      const next = waiting;
      waiting = '';
      play(next);
    }, digits.length * dtmfToneSlotMs);
  };

  return {
    press(digits) {
      if (busy) waiting += digits;
      else play(digits);
    },
  };
}
