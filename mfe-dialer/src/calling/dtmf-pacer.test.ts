import { describe, expect, test } from 'bun:test';
import { createDtmfPacer, dtmfToneSlotMs } from './dtmf-pacer.ts';

function harness() {
  const sent: string[] = [];
  const timers: Array<{ at: number; fn: () => void }> = [];
  let now = 0;
  const pacer = createDtmfPacer(
    (digits) => sent.push(digits),
    (fn, ms) => timers.push({ at: now + ms, fn }),
  );
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      due.fn();
    }
  };
  return { pacer, sent, advance, timers };
}

describe('the in-call keypad sends each key once, in order, however fast it is pressed', () => {
  test('a key pressed on a quiet line is sent at once', () => {
    const { pacer, sent } = harness();
    pacer.press('5');
    expect(sent).toEqual(['5']);
  });

  test('keys pressed while a tone plays wait for it and go together', () => {
    const { pacer, sent, advance } = harness();
    pacer.press('4');
    advance(40);
    pacer.press('2');
    advance(40);
    pacer.press('#');
    expect(sent).toEqual(['4']);
    advance(dtmfToneSlotMs);
    expect(sent).toEqual(['4', '2#']);
    // '2#' keeps the line busy for two slots
    pacer.press('9');
    advance(dtmfToneSlotMs);
    expect(sent).toEqual(['4', '2#']);
    advance(dtmfToneSlotMs);
    expect(sent).toEqual(['4', '2#', '9']);
    expect(sent.join('')).toBe('42#9');
  });

  test('once the tones are over, the next key goes at once again', () => {
    const { pacer, sent, advance, timers } = harness();
    pacer.press('1');
    advance(dtmfToneSlotMs);
    expect(timers).toHaveLength(0);
    pacer.press('2');
    expect(sent).toEqual(['1', '2']);
  });

  test('keys still waiting when their timer is cancelled (the call ended) are never sent', () => {
    const { pacer, sent, timers } = harness();
    pacer.press('1');
    pacer.press('2');
    timers.length = 0; // the call's timers cleared on hang-up
    expect(sent).toEqual(['1']);
  });
});
