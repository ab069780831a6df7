import { describe, expect, it } from 'vitest';
import type { PlacedDevice } from '../../features/devices/placed-devices.ts';
import { makeDevice } from '../../test/fixtures.ts';
import { labelText } from '../../test/marker-fixtures.ts';
import { createMarkerSpecs, markerSpec, type SpecParts, type SpecPass } from './marker-specs.ts';
import type { LabelSpot } from './label-layout.ts';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const MIN = 60_000;

const device = (mac: string, x = 10, seenMinAgo = 0): PlacedDevice => ({
  ...makeDevice({
    mac,
    customSettings: { color: '#123456' },
    lastSeen: new Date(NOW - seenMinAgo * MIN).toISOString(),
  }),
  position: { x, y: 20 },
  triangulationInfo: null,
  mapId: 'map-1',
  readOnly: false,
});

const labelled = { text: labelText, size: { w: 60, h: 17 } };

/** What each device is drawn from: labelled when a spot is given; counts the devices read. */
function partsOf(spots: ReadonlyMap<string, LabelSpot>, read: string[]) {
  return (d: PlacedDevice): SpecParts => {
    read.push(d.mac);
    return {
      at: d.position,
      seen: Date.parse(d.lastSeen!),
      nameBox: false,
      ring: d.mac.endsWith('9') ? { cls: 'low', text: '' } : null,
      labelled: spots.has(d.mac) ? labelled : undefined,
      spot: spots.get(d.mac),
    };
  };
}

function run(
  specs: ReturnType<typeof createMarkerSpecs>,
  over: Partial<SpecPass> & { devices: PlacedDevice[] },
) {
  const pass: SpecPass = { now: NOW, full: false, spots: new Map(), skip: null, ...over };
  const read: string[] = [];
  return { out: specs.pass(pass, partsOf(pass.spots, read)), read };
}

describe('canvas marker specs', () => {
  it('draw each device at its spot, in its colour, with its ring and its placed label', () => {
    const spots = new Map([['AA:09', { dx: 0, dy: 22.5, moved: false }]]);
    const { out } = run(createMarkerSpecs(), { devices: [device('AA:09')], spots });
    expect(out).toEqual([
      {
        mac: 'AA:09',
        colour: '#123456',
        live: true,
        nameBox: false,
        ring: 'red',
        lat: 20,
        lng: 10,
        label: { text: labelText, w: 60, h: 17, dx: 0, dy: 22.5, moved: false },
      },
    ]);
  });

  it('read again only the devices that changed, and leave out the one drawn elsewhere', () => {
    const specs = createMarkerSpecs();
    const [a, b, c] = [device('AA:01'), device('AA:02'), device('AA:03')];
    const first = run(specs, { devices: [a, b, c], skip: 'AA:03' });
    expect(first.out.map((s) => s.mac)).toEqual(['AA:01', 'AA:02']);
    const moved = device('AA:02', 50);
    const second = run(specs, { devices: [a, moved, c], skip: 'AA:03' });
    expect(second.read).toEqual(['AA:02']);
    expect(second.out[0]).toBe(first.out[0]);
    expect(second.out[1]?.lng).toBe(50);
  });

  it('keep the specs of devices still at their places when devices come or leave', () => {
    const specs = createMarkerSpecs();
    const [a, b, c] = [device('AA:01'), device('AA:02'), device('AA:03')];
    const first = run(specs, { devices: [a, b] });
    const grown = run(specs, { devices: [a, b, c] });
    expect(grown.read).toEqual(['AA:03']);
    expect(grown.out.slice(0, 2)).toEqual(first.out);
    expect(grown.out[0]).toBe(first.out[0]);
    // b left: c moved up to its place and is read again.
    const shrunk = run(specs, { devices: [a, c] });
    expect(shrunk.read).toEqual(['AA:03']);
    expect(shrunk.out.map((s) => s.mac)).toEqual(['AA:01', 'AA:03']);
  });

  it('rebuild the labelled devices when labels are placed anew', () => {
    const specs = createMarkerSpecs();
    const [a, b] = [device('AA:01'), device('AA:02')];
    const spots = new Map([['AA:01', { dx: 0, dy: 22.5, moved: false }]]);
    run(specs, { devices: [a, b], spots });
    const placed = new Map([['AA:02', { dx: 5, dy: 30, moved: true }]]);
    const { out, read } = run(specs, { devices: [a, b], spots: placed });
    expect(read).toEqual(['AA:01', 'AA:02']);
    expect(out.map((s) => s.label?.dx ?? null)).toEqual([null, 5]);
  });

  it('notice a marker going stale as time passes, though its device did not change', () => {
    const specs = createMarkerSpecs();
    const [fresh, older] = [device('AA:01', 10, 0), device('AA:02', 10, 2)];
    run(specs, { devices: [fresh, older] });
    const later = run(specs, { devices: [fresh, older], now: NOW + 1.5 * MIN });
    expect(later.out.map((s) => s.live)).toEqual([true, false]);
    // Going back in time (a replay) reads every device again.
    expect(run(specs, { devices: [fresh, older], now: NOW }).read).toHaveLength(2);
  });

  it('build every spec on a full pass and after being forgotten', () => {
    const specs = createMarkerSpecs();
    const devices = [device('AA:01'), device('AA:02')];
    run(specs, { devices });
    expect(run(specs, { devices }).read).toEqual([]);
    expect(run(specs, { devices, full: true }).read).toHaveLength(2);
    specs.forget();
    expect(run(specs, { devices }).read).toHaveLength(2);
  });

  it('draw what building every spec afresh draws, pass after pass', () => {
    let x = 11;
    const next = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const specs = createMarkerSpecs();
    let devices = Array.from({ length: 30 }, (_, i) => device(`AA:${10 + i}`, i, next() * 2));
    let spots = new Map<string, LabelSpot>();
    let now = NOW;
    for (let round = 0; round < 200; round++) {
      const r = next();
      // Devices move (new objects), come, leave; labels are placed anew; time passes or goes back.
      if (r < 0.5) {
        const i = Math.floor(next() * devices.length);
        devices = devices.map((d, j) => (j === i ? device(d.mac, next() * 50, next() * 4) : d));
      } else if (r < 0.6) devices = [...devices, device(`AB:${round}`, 5, next() * 4)];
      else if (r < 0.7) devices = devices.filter((_, j) => j !== Math.floor(next() * 30));
      else if (r < 0.8) {
        spots = new Map();
        for (const d of devices)
          if (next() < 0.3) spots.set(d.mac, { dx: next() * 9, dy: 22.5, moved: next() < 0.5 });
      } else now += (next() < 0.9 ? 1 : -2) * next() * MIN;
      const skip = next() < 0.2 ? (devices[0]?.mac ?? null) : null;
      const full = next() < 0.05;
      const { out } = run(specs, { devices, spots, now, skip, full });
      const parts = partsOf(spots, []);
      const afresh = devices.filter((d) => d.mac !== skip).map((d) => markerSpec(d, parts(d), now));
      expect(out).toEqual(afresh);
    }
  });
});
