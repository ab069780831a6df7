import { describe, expect, it } from 'vitest';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { makeDevice } from '../../test/fixtures.ts';
import { labelText } from '../../test/marker-fixtures.ts';
import { createMarkerSpecs, type SpecParts } from './marker-specs.ts';

const device = (mac: string, x = 10): PlacedDevice => ({
  ...makeDevice({ mac, customSettings: { color: '#123456' } }),
  position: { x, y: 20 },
  triangulationInfo: null,
  mapId: 'map-1',
  readOnly: false,
});

const parts = (d: PlacedDevice, over: Partial<SpecParts> = {}): SpecParts => ({
  at: d.position,
  live: true,
  nameBox: false,
  ring: null,
  labelled: undefined,
  spot: undefined,
  ...over,
});

/** One pass over these devices and parts: their specs. */
function pass(specs: ReturnType<typeof createMarkerSpecs>, drawn: [PlacedDevice, SpecParts][]) {
  specs.begin();
  const out = drawn.map(([d, p]) => specs.spec(d, p));
  specs.end();
  return out;
}

describe('canvas marker specs', () => {
  it('draw the device at its spot, in its colour, with its label where placed', () => {
    const specs = createMarkerSpecs();
    const d = device('AA:01');
    const labelled = { text: labelText, size: { w: 60, h: 17 } };
    const spot = { dx: 0, dy: 22.5, moved: false };
    const [spec] = pass(specs, [[d, parts(d, { labelled, spot, ring: { cls: 'low', text: '' } })]]);
    expect(spec).toEqual({
      mac: 'AA:01',
      colour: '#123456',
      live: true,
      nameBox: false,
      ring: 'red',
      lat: 20,
      lng: 10,
      label: { text: labelText, w: 60, h: 17, dx: 0, dy: 22.5, moved: false },
    });
    // A label with no spot (hidden for want of room) is not drawn.
    expect(pass(specs, [[d, parts(d, { labelled })]])[0]?.label).toBeNull();
  });

  it('keep the same spec while nothing it is drawn from changed', () => {
    const specs = createMarkerSpecs();
    const a = device('AA:01');
    const b = device('AA:02');
    const [a1, b1] = pass(specs, [
      [a, parts(a)],
      [b, parts(b)],
    ]);
    const moved = device('AA:02', 50);
    const [a2, b2] = pass(specs, [
      [a, parts(a)],
      [moved, parts(moved)],
    ]);
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    expect(b2?.lng).toBe(50);
    const [a3] = pass(specs, [[a, parts(a, { live: false })]]);
    expect(a3).not.toBe(a1);
    expect(a3?.live).toBe(false);
  });

  it('forget devices not drawn in a pass', () => {
    const specs = createMarkerSpecs();
    const a = device('AA:01');
    const [first] = pass(specs, [[a, parts(a)]]);
    pass(specs, []);
    expect(pass(specs, [[a, parts(a)]])[0]).not.toBe(first);
  });
});
