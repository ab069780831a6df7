import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { listRows } from './list-rows.ts';
import type { PlacedDevice } from './placed-devices.ts';

const TAG = 'AA:00:00:00:00:01';
const OTHER = 'BB:00:00:00:00:09';
const drawn = (mac: string, readOnly: boolean): PlacedDevice => ({
  ...makeDevice({ mac }),
  position: { x: 1, y: 2 },
  triangulationInfo: null,
  mapId: 'm1',
  readOnly,
});

describe('listRows', () => {
  it('lists a device just monitored once, as the account’s own, while the copy still draws it as another’s', () => {
    const placed = [drawn(TAG, true), drawn(OTHER, true)];
    const latest = { [TAG]: makeDevice({ mac: TAG, name: 'Stair walker' }) };
    for (const currentOnly of [false, true]) {
      const rows = listRows([TAG], {}, placed, currentOnly, latest);
      expect(rows.map((d) => [d.mac, 'readOnly' in d && d.readOnly])).toEqual([
        [TAG, false],
        [OTHER, true],
      ]);
    }
  });

  it('lists own devices first, then the other accounts’ drawn ones', () => {
    const entities = { [TAG]: makeDevice({ mac: TAG }) };
    const rows = listRows([TAG], entities, [drawn(TAG, false), drawn(OTHER, true)], true);
    expect(rows.map((d) => [d.mac, 'readOnly' in d && d.readOnly])).toEqual([
      [TAG, false],
      [OTHER, true],
    ]);
  });
});
