import { describe, expect, it } from 'vitest';
import type { Device } from '@rtls/contract';
import { makeDevice, makeUpdate } from '../../test/fixtures.ts';
import {
  mergeSnapshot,
  mergeUpdates,
  unplaced,
  watchMaps,
  type LiveSlice,
  type Placement,
} from './map-positions.ts';
import { createPlacedSelector } from './placed-devices.ts';

const OWN = 'AA:00:00:00:00:01';
const OTHER = 'BB:00:00:00:00:02';
const T0 = 1_700_000_000_000;

function slice(over: Partial<LiveSlice> = {}): LiveSlice {
  return {
    entities: { [OWN]: unplaced(makeDevice({ mac: OWN, name: 'Cart' })) },
    visitors: {},
    positions: { A: {}, B: {} },
    watched: ['A', 'B'],
    confirmed: ['A', 'B'],
    ...over,
  };
}

const at = (x: number, y: number, receivedAt = T0): Placement => ({
  position: { x, y },
  triangulationInfo: null,
  receivedAt,
});

/** Apply a change the way the store does. */
const apply = (s: LiveSlice, change: Partial<LiveSlice> | null): LiveSlice =>
  change ? { ...s, ...change } : s;

const drawn = (s: LiveSlice, mapId: string) =>
  createPlacedSelector()(s, mapId).map((d) => [d.mac, d.position.x, d.position.y]);

describe('live updates, per map', () => {
  it('draws a position only on the map the update names', () => {
    const s = apply(
      slice(),
      mergeUpdates(slice(), [makeUpdate({ mac: OWN, mapId: 'A', position: { x: 5, y: 6 } })], T0),
    );
    expect(drawn(s, 'A')).toEqual([[OWN, 5, 6]]);
    expect(drawn(s, 'B')).toEqual([]);
  });

  it('keeps a device on both maps when the server locates it on both', () => {
    const s = apply(
      slice(),
      mergeUpdates(
        slice(),
        [
          makeUpdate({ mac: OWN, mapId: 'A', position: { x: 1, y: 1 } }),
          makeUpdate({ mac: OWN, mapId: 'B', position: { x: 9, y: 9 } }),
        ],
        T0,
      ),
    );
    expect(drawn(s, 'A')).toEqual([[OWN, 1, 1]]);
    expect(drawn(s, 'B')).toEqual([[OWN, 9, 9]]);
  });

  it("an owner's update without a map takes the device off every watched map but keeps its signal fresh", () => {
    const before = slice({ positions: { A: { [OWN]: at(1, 1) }, B: { [OWN]: at(2, 2) } } });
    const lastSeen = new Date(T0).toISOString();
    const s = apply(
      before,
      mergeUpdates(before, [makeUpdate({ mac: OWN, mapId: null, rssi: -71, lastSeen })], T0),
    );
    expect(drawn(s, 'A')).toEqual([]);
    expect(drawn(s, 'B')).toEqual([]);
    expect(s.entities[OWN]).toMatchObject({ rssi: -71, lastSeen });
  });

  it('an update without a map leaves on the maps the server has not confirmed watching yet', () => {
    // The page watches A and B and has their positions over REST; the server has taken in A only.
    const before = slice({
      confirmed: ['A'],
      positions: { A: { [OWN]: at(1, 1) }, B: { [OWN]: at(2, 2) } },
    });
    const s = apply(before, mergeUpdates(before, [makeUpdate({ mac: OWN, mapId: null })], T0));
    expect(drawn(s, 'A')).toEqual([]);
    expect(drawn(s, 'B')).toEqual([[OWN, 2, 2]]);
    // While the connection is down it watches nothing: such an update removes nothing.
    const down = { ...before, confirmed: [] };
    expect(mergeUpdates(down, [makeUpdate({ mac: OWN, mapId: null })], T0)).not.toHaveProperty(
      'positions',
    );
  });

  it('ignores positions on maps it does not watch', () => {
    const s = slice();
    const change = mergeUpdates(
      s,
      [makeUpdate({ mac: OTHER, mapId: 'C', position: { x: 1, y: 1 } })],
      T0,
    );
    expect(change).toBeNull();
  });

  it("draws another account's device located on a watched map, read-only", () => {
    const s = apply(
      slice(),
      mergeUpdates(
        slice(),
        [makeUpdate({ mac: OTHER, name: 'Pallet', mapId: 'A', position: { x: 3, y: 4 } })],
        T0,
      ),
    );
    const [d] = createPlacedSelector()(s, 'A');
    expect(d).toMatchObject({ mac: OTHER, name: 'Pallet', readOnly: true });
  });

  it('an update without a usable position takes the device off that map only', () => {
    const before = slice({ positions: { A: { [OWN]: at(1, 1) }, B: { [OWN]: at(2, 2) } } });
    const s = apply(
      before,
      mergeUpdates(before, [makeUpdate({ mac: OWN, mapId: 'A', position: null })], T0),
    );
    expect(drawn(s, 'A')).toEqual([]);
    expect(drawn(s, 'B')).toEqual([[OWN, 2, 2]]);
  });
});

describe('REST answers (GET /maps/{id}/devices)', () => {
  const onA = (over: Partial<Device>) =>
    makeDevice({ mapId: 'A', position: { x: 7, y: 8 }, ...over });

  it("replaces the map's positions: a device the server no longer locates there leaves it", () => {
    const before = slice({ positions: { A: { [OWN]: at(1, 1, T0) }, B: {} } });
    const s = apply(before, mergeSnapshot(before, 'A', [onA({ mac: OTHER })], T0 + 10, T0 + 20));
    expect(drawn(s, 'A')).toEqual([[OTHER, 7, 8]]);
  });

  it('keeps a live position that arrived while the request was under way', () => {
    const before = slice({ positions: { A: { [OWN]: at(1, 1, T0 + 15) }, B: {} } });
    const s = apply(before, mergeSnapshot(before, 'A', [onA({ mac: OWN })], T0 + 10, T0 + 20));
    expect(drawn(s, 'A')).toEqual([[OWN, 1, 1]]);
  });

  it('takes live fields of own devices only when the answer saw them later', () => {
    const older = new Date(T0).toISOString();
    const newer = new Date(T0 + 5000).toISOString();
    const before = slice({
      entities: { [OWN]: { ...unplaced(makeDevice({ mac: OWN })), lastSeen: older, rssi: -80 } },
    });
    const s = apply(
      before,
      mergeSnapshot(before, 'A', [onA({ mac: OWN, lastSeen: newer, rssi: -60 })], T0, T0),
    );
    expect(s.entities[OWN]).toMatchObject({ lastSeen: newer, rssi: -60, position: null });
    const back = apply(
      s,
      mergeSnapshot(s, 'A', [onA({ mac: OWN, lastSeen: older, rssi: -90 })], T0, T0),
    );
    expect(back.entities[OWN]).toMatchObject({ lastSeen: newer, rssi: -60 });
  });

  it('is dropped when the map is no longer watched', () => {
    const s = slice({ watched: ['B'], positions: { B: {} } });
    expect(mergeSnapshot(s, 'A', [onA({ mac: OTHER })], T0, T0)).toBeNull();
  });
});

describe('watching maps', () => {
  it("drops the positions of maps no longer watched and the other accounts' devices there", () => {
    const before = slice({
      positions: { A: { [OTHER]: at(1, 1) }, B: { [OWN]: at(2, 2) } },
      visitors: { [OTHER]: unplaced(makeDevice({ mac: OTHER })) },
    });
    const s = apply(before, watchMaps(before, ['B', 'C']));
    expect(s.watched).toEqual(['B', 'C']);
    expect(Object.keys(s.positions)).toEqual(['B', 'C']);
    expect(s.visitors).toEqual({});
    expect(drawn(s, 'B')).toEqual([[OWN, 2, 2]]);
  });

  it('changes nothing for the same set', () => {
    expect(watchMaps(slice(), ['B', 'A'])).toBeNull();
  });
});

describe('placed selector', () => {
  it('keeps unchanged devices as the same objects and hides devices not shown on maps', () => {
    const hidden = unplaced(makeDevice({ mac: OTHER, customSettings: { showOnMaps: false } }));
    const s = slice({
      entities: { ...slice().entities, [OTHER]: hidden },
      positions: { A: { [OWN]: at(1, 1), [OTHER]: at(2, 2) } },
    });
    const select = createPlacedSelector();
    const first = select(s, 'A');
    expect(first.map((d) => d.mac)).toEqual([OWN]);
    const moved = { ...s, positions: { A: { ...s.positions.A, Z: at(0, 0) } } };
    expect(select(moved, 'A')[0]).toBe(first[0]);
  });
  it('drops a device that left the map and builds it afresh when it comes back', () => {
    const s = slice({ positions: { A: { [OWN]: at(1, 1) } } });
    const select = createPlacedSelector();
    const first = select(s, 'A')[0];
    expect(select({ ...s, positions: { A: {} } }, 'A')).toEqual([]);
    const back = select({ ...s, positions: { A: { [OWN]: at(1, 1) } } }, 'A');
    expect(back.map((d) => d.position)).toEqual([{ x: 1, y: 1 }]);
    expect(back[0]).not.toBe(first);
  });
  it('gives a moved device a new object at its new spot and keeps the others', () => {
    const s = slice({
      visitors: { [OTHER]: unplaced(makeDevice({ mac: OTHER })) },
      positions: { A: { [OWN]: at(1, 1), [OTHER]: at(2, 2) } },
    });
    const select = createPlacedSelector();
    const [own, other] = select(s, 'A');
    const next = select({ ...s, positions: { A: { ...s.positions.A, [OWN]: at(5, 5) } } }, 'A');
    expect(next[0]).not.toBe(own);
    expect(next[0]?.position).toEqual({ x: 5, y: 5 });
    expect(next[1]).toBe(other);
    expect(next[1]?.readOnly).toBe(true);
  });
});
