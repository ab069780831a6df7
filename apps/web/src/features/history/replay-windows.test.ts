import { HISTORY_STATE_LOOKBACK_MS as LOOKBACK } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { answersAt, gapOf, nextWindow, seekWindow, windowAheadMs } from './replay-windows.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const MIN = 60_000;

describe('replay windows', () => {
  it('reach further ahead the faster the replay plays, within 2 and 20 minutes', () => {
    expect([1, 5, 10, 30, 60].map(windowAheadMs)).toEqual([
      2 * MIN,
      2 * MIN,
      200_000,
      10 * MIN,
      20 * MIN,
    ]);
  });

  it('answer a moment only a lookback inside the run of adjacent windows held', () => {
    const held = [
      { from: T0, to: T0 + 5 * MIN },
      { from: T0 + 5 * MIN, to: T0 + 10 * MIN },
    ];
    expect(answersAt(held, T0 + LOOKBACK - 1)).toBe(false);
    expect(answersAt(held, T0 + LOOKBACK)).toBe(true);
    expect(answersAt(held, T0 + 5 * MIN)).toBe(true);
    expect(answersAt(held, T0 + 10 * MIN - LOOKBACK - 1)).toBe(true);
    expect(answersAt(held, T0 + 10 * MIN - LOOKBACK)).toBe(false);
    // A seek's window is answered around its moment.
    expect(answersAt([seekWindow(T0)], T0 - 30_000)).toBe(true);
    expect(answersAt([seekWindow(T0)], T0 + 2 * MIN - 1)).toBe(true);
  });

  it('ask only for what is not held', () => {
    const held = [{ from: T0, to: T0 + 5 * MIN }];
    expect(gapOf(held, { from: T0 - MIN, to: T0 + MIN })).toEqual({ from: T0 - MIN, to: T0 });
    expect(gapOf(held, { from: T0 + MIN, to: T0 + 7 * MIN })).toEqual({
      from: T0 + 5 * MIN,
      to: T0 + 7 * MIN,
    });
    expect(gapOf(held, { from: T0 + MIN, to: T0 + 2 * MIN })).toBeNull();
  });

  it('grow after a seek at 60x, so each comes before the one before it is played', () => {
    const end = T0 + 24 * 60 * MIN;
    let run = seekWindow(T0);
    const lengths: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = nextWindow(run, run.to - LOOKBACK - MIN, 60, end)!;
      lengths.push(next.to - next.from);
      run = { from: run.from, to: next.to };
    }
    expect(lengths).toEqual([6.5 * MIN, 13 * MIN, 20 * MIN, 20 * MIN]);
    // Nothing past the end of the replay.
    expect(nextWindow({ from: end - 10 * MIN, to: end + LOOKBACK + 1 }, end - MIN, 60, end)).toBe(
      null,
    );
  });
});
