import { HISTORY_STATE_LOOKBACK_MS } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { fixAt, toTracks, trailAt } from './replay-tracks.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const page = (mac: string, points: [number, number, number][]) => ({
  devices: [{ mac, points: points.map(([at, x, y]) => ({ at: iso(at), x, y })) }],
});

describe('replay tracks', () => {
  const tracks = toTracks([
    page('A', [
      [T0, 0, 0],
      [T0 + 10_000, 100, 50],
    ]),
    page('A', [[T0 + 20_000, 100, 150]]),
    page('B', [[T0 + 5_000, 7, 7]]),
  ]);
  const a = tracks.A!;

  it('joins a device spread over several pages, oldest first', () => {
    expect(Object.keys(tracks).sort()).toEqual(['A', 'B']);
    expect([...a.at]).toEqual([T0, T0 + 10_000, T0 + 20_000]);
  });

  it('moves a device in a straight line between two kept positions', () => {
    expect(fixAt(a, T0 + 5_000)).toEqual({ x: 50, y: 25, seenAt: T0 });
    expect(fixAt(a, T0 + 10_000)).toEqual({ x: 100, y: 50, seenAt: T0 + 10_000 });
    expect(fixAt(a, T0 + 15_000)).toEqual({ x: 100, y: 100, seenAt: T0 + 10_000 });
  });

  it('has no device before its first position or once the history lost it', () => {
    expect(fixAt(a, T0 - 1)).toBeNull();
    const last = T0 + 20_000;
    expect(fixAt(a, last + HISTORY_STATE_LOOKBACK_MS)).toEqual({ x: 100, y: 150, seenAt: last });
    expect(fixAt(a, last + HISTORY_STATE_LOOKBACK_MS + 1)).toBeNull();
  });

  it('keeps a device where it was across a silence longer than the lookback', () => {
    const gap = toTracks([
      page('C', [
        [T0, 0, 0],
        [T0 + 3 * HISTORY_STATE_LOOKBACK_MS, 90, 90],
      ]),
    ]).C!;
    expect(fixAt(gap, T0 + 1_000)).toEqual({ x: 0, y: 0, seenAt: T0 });
    expect(fixAt(gap, T0 + 2 * HISTORY_STATE_LOOKBACK_MS)).toBeNull();
  });

  it('draws the trail of the window up to the moment, ending where the device is', () => {
    expect(trailAt(a, T0 + 15_000, 60_000)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 50 },
      { x: 100, y: 100 },
    ]);
    expect(trailAt(a, T0 + 15_000, 6_000)).toEqual([
      { x: 100, y: 50 },
      { x: 100, y: 100 },
    ]);
    expect(trailAt(a, T0 - 1, 60_000)).toEqual([]);
  });
});
