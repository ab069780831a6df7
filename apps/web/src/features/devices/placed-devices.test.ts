import { describe, expect, it } from 'vitest';
import { makeDevice, makeUpdate } from '../../test/fixtures.ts';
import { mergeUpdates, unplaced, type LiveSlice } from './map-positions.ts';
import { createPlacedSelector } from './placed-devices.ts';

const T0 = 1_700_000_000_000;
const mac = (i: number) => `AA:00:00:00:00:${String(i).padStart(2, '0')}`;

/** Twelve own devices (one not shown on maps) on no map yet, watching maps A and B. */
function start(): LiveSlice {
  const entities: LiveSlice['entities'] = {};
  for (let i = 0; i < 12; i++)
    entities[mac(i)] = unplaced(
      makeDevice({ mac: mac(i), customSettings: i === 3 ? { showOnMaps: false } : {} }),
    );
  return {
    entities,
    visitors: {},
    positions: { A: {}, B: {} },
    watched: ['A', 'B'],
    confirmed: ['A', 'B'],
  };
}

/** A small deterministic pseudo-random sequence. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('placed selector over live merges', () => {
  it('gives what reading the whole map gives, in the same order, batch after batch', () => {
    const next = random(7);
    const select = createPlacedSelector();
    let s = start();
    for (let batch = 0; batch < 300; batch++) {
      const updates = Array.from({ length: 1 + Math.floor(next() * 4) }, () => {
        const r = next();
        // Own devices and two other accounts' (20, 21); moves, floor changes and leaving maps.
        const i = next() < 0.85 ? Math.floor(next() * 12) : 20 + Math.floor(next() * 2);
        return makeUpdate({
          mac: mac(i),
          mapId: r < 0.75 ? 'A' : r < 0.9 ? 'B' : null,
          position: next() < 0.95 ? { x: Math.round(next() * 100), y: 1 } : null,
          lastSeen: new Date(T0 + batch * 1000).toISOString(),
        });
      });
      const before = select(s, 'A');
      const change = mergeUpdates(s, updates, T0 + batch);
      if (change) s = { ...s, ...change };
      const got = select(s, 'A');
      expect(got).toEqual(createPlacedSelector()(s, 'A'));
      // A device the batch did not name keeps its object.
      const named = new Set(updates.map((u) => u.mac));
      for (const d of got) {
        const was = before.find((b) => b.mac === d.mac);
        if (was && !named.has(d.mac)) expect(d).toBe(was);
      }
    }
  });
});
