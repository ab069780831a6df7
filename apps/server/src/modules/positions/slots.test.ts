/** When a device is located next: once per interval, spread over the interval, locked on to rounds. */
import { describe, expect, it } from 'vitest';
import { LATE_LOCATE_MS, nextSlot, SLOT_EARLY_MS } from './core.ts';

const INTERVAL = 1_000;

describe('nextSlot', () => {
  it('spreads devices first located together over the interval', () => {
    const now = 50_000;
    const slots = Array.from({ length: 2_000 }, (_, i) =>
      nextSlot(
        { slot: now, slotted: false, heardAt: now },
        `owner|C3:00:00:00:${i}`,
        now,
        INTERVAL,
      ),
    );
    for (const s of slots) {
      expect(s).toBeGreaterThanOrEqual(now + INTERVAL / 2);
      expect(s).toBeLessThan(now + 1.5 * INTERVAL);
    }
    // Ten equal parts of the interval each take about a tenth of the devices.
    const parts = new Array<number>(10).fill(0);
    for (const s of slots) parts[Math.floor(((s - now - INTERVAL / 2) / INTERVAL) * 10)]!++;
    for (const n of parts) expect(n).toBeGreaterThan(140);
  });

  it('keeps a device heard all the time at one locate per interval, whatever its reports’ jitter', () => {
    let state = { slot: 10_000, slotted: true, heardAt: 0 };
    const locates: number[] = [];
    // Reports every 125 ms with up to 60 ms of jitter; a report inside the early window locates.
    for (let t = 9_000; t < 40_000; t += 125) {
      const at = t + ((t * 7919) % 61);
      state.heardAt = at;
      if (at >= state.slot - SLOT_EARLY_MS) {
        locates.push(at);
        state = { ...state, slot: nextSlot(state, 'k', at, INTERVAL) };
      }
    }
    const span = locates[locates.length - 1]! - locates[0]!;
    expect(locates.length - 1).toBe(Math.round(span / INTERVAL));
  });

  it('follows rounds that run ahead of the slots', () => {
    // The newest report came before the early window: the device was located late, by the timer.
    const state = { slot: 20_000, slotted: true, heardAt: 20_000 - SLOT_EARLY_MS - 100 };
    const next = nextSlot(state, 'k', 20_150, INTERVAL);
    expect(next).toBe(state.heardAt + INTERVAL);
    // So the next round, one interval after this one, falls inside the next slot's early window.
    expect(state.heardAt + INTERVAL).toBeGreaterThanOrEqual(next - SLOT_EARLY_MS);
  });

  it('keeps following rounds that a late locate by the timer fell behind', () => {
    // Rounds once a second, 450–750 ms ahead of the slots: each is too early for its slot, and the
    // timer locates the device late. Its next slots follow the rounds, so the rounds locate it,
    // whatever the device's own phase.
    for (const key of ['a', 'b', 'c', 'k'])
      for (let ahead = 450; ahead <= 750; ahead += 100) {
        let state = { slot: 10_000, slotted: true, heardAt: 0 };
        let byRound = 0;
        for (let round = 10_000 - ahead; round < 30_000; round += INTERVAL) {
          state.heardAt = round;
          if (round >= state.slot - SLOT_EARLY_MS) {
            byRound++;
            state = { ...state, slot: nextSlot(state, key, round, INTERVAL) };
          } else if (round + INTERVAL > state.slot + LATE_LOCATE_MS) {
            // No report before the timer (the slot and LATE_LOCATE_MS): it locates the device.
            const timer = state.slot + LATE_LOCATE_MS;
            state = { ...state, slot: nextSlot(state, key, timer, INTERVAL) };
          }
        }
        expect(byRound).toBeGreaterThanOrEqual(18);
      }
  });

  it('never falls due sooner than half an interval after a locate', () => {
    const state = { slot: 1_000, slotted: true, heardAt: 60_000 };
    const next = nextSlot(state, 'k', 60_000, INTERVAL);
    expect(next).toBeGreaterThanOrEqual(60_000 + INTERVAL / 2);
    expect(next).toBeLessThan(60_000 + 1.5 * INTERVAL);
  });

  it('spreads devices again that a backlog of locates bunched together', () => {
    // 2,000 devices whose slots had passed long ago, located back to back within 200 ms.
    const slots = Array.from({ length: 2_000 }, (_, i) => {
      const now = 80_000 + i / 10;
      const state = { slot: 70_000 + i, slotted: true, heardAt: now - 5 };
      return nextSlot(state, `owner|C3:00:00:00:${i}`, now, INTERVAL) % INTERVAL;
    });
    // Their next slots fall in every tenth of the interval, not within the 200 ms of the burst.
    const parts = new Array<number>(10).fill(0);
    for (const s of slots) parts[Math.floor((s / INTERVAL) * 10)]!++;
    for (const n of parts) expect(n).toBeGreaterThan(140);
  });
});
