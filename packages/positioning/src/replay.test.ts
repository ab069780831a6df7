import { describe, expect, it, vi } from 'vitest';
import type { FloorGeometry } from './floor.ts';
import type { MapFrame } from './frame.ts';
import type * as Locator from './locator.ts';
import {
  formatRows,
  parseGateways,
  parseReports,
  parseSettings,
  replay,
  type Report,
} from './replay.ts';
import { readings, ROOM } from './test-helpers.ts';

/** Every frame a device locator was asked to locate on, in order. */
const framesLocatedOn = vi.hoisted(() => [] as MapFrame[]);
vi.mock('./locator.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Locator>();
  return {
    ...real,
    createDeviceLocator: (...args: Parameters<typeof real.createDeviceLocator>) => {
      const locator = real.createDeviceLocator(...args);
      return {
        get last() {
          return locator.last;
        },
        update: (...a: Parameters<typeof locator.update>) => {
          framesLocatedOn.push(a[0]);
          return locator.update(...a);
        },
      };
    },
  };
});

const gatewaysJson = JSON.stringify(
  ROOM.map((a) => ({ mac: a.id, x: a.x, y: a.y, z: a.z })),
  null,
  1,
);

function reportsAt(device: string, x: number, y: number, tMs: number): Report[] {
  return readings(ROOM, x, y).map((o) => ({ tMs, gateway: o.gateway, device, rssi: o.rssi }));
}

describe('replay', () => {
  const anchors = parseGateways(gatewaysJson);
  const early = [0, 1000, 2000, 3000].flatMap((t) => reportsAt('tag', 3, 3, t));

  it('emits one row per interval per device from its first report', () => {
    const rows = replay(anchors, [...early, ...reportsAt('late', 5, 5, 2500)], { intervalMs: 500 });
    expect(rows.filter((r) => r.device === 'tag').map((r) => r.tMs)).toEqual([
      0, 500, 1000, 1500, 2000, 2500, 3000,
    ]);
    expect(rows.filter((r) => r.device === 'late').map((r) => r.tMs)).toEqual([2500, 3000]);
    const last = rows.find((r) => r.device === 'tag' && r.tMs === 3000)!;
    expect(Math.hypot(last.x! - 3, last.y! - 3)).toBeLessThan(0.3);
    expect(formatRows(rows).split('\n')[0]).toBe('ts_ms,device,x,y,confidence');
  });

  it('gives a gateway heard by the others no rows: its reports calibrate the site', () => {
    // g5 advertises too: the other gateways hear it at its place, (5, 8).
    const beacon = readings(ROOM, 5, 8)
      .filter((o) => o.gateway !== 'g5')
      .map((o) => ({ tMs: 500, gateway: o.gateway, device: 'G5', rssi: o.rssi }));
    const rows = replay(anchors, [...early, ...beacon]);
    expect(new Set(rows.map((r) => r.device))).toEqual(new Set(['tag']));
    expect(rows.filter((r) => r.device === 'tag')).toHaveLength(4);
  });

  it('is causal: a later report does not change an earlier row', () => {
    const base = replay(anchors, early);
    const more = replay(anchors, [
      ...early,
      ...reportsAt('tag', 9, 7, 3000),
      ...reportsAt('tag', 9, 7, 3500),
      ...reportsAt('tag', 9, 7, 4000),
    ]);
    expect(more.slice(0, 3)).toEqual(base.slice(0, 3));
    expect(more.at(-1)!.x).toBeGreaterThan(base.at(-1)!.x! + 1);
  });

  it('feeds every report: a deep fade in the newest packet does not move the tag', () => {
    // Ten packets a second per gateway at (3, 3); the newest of gateway g2 at each tick fades
    // 25 dB, as single BLE packets do. Newest-packet-per-gateway would pull the tag off g2.
    const reports: Report[] = [];
    for (let t = 0; t <= 10_000; t += 100) {
      for (const r of reportsAt('tag', 3, 3, t)) {
        const fade = r.gateway === 'g2' && t % 1000 === 0 ? 25 : 0;
        reports.push({ ...r, rssi: r.rssi - fade });
      }
    }
    const last = replay(anchors, reports).at(-1)!;
    expect(Math.hypot(last.x! - 3, last.y! - 3)).toBeLessThan(0.5);
    const newestOnly = reports.filter((r) => r.tMs % 1000 === 0);
    const fooled = replay(anchors, newestOnly).at(-1)!;
    expect(Math.hypot(fooled.x! - 3, fooled.y! - 3)).toBeGreaterThan(1);
  });
});

describe('replay on a floor', () => {
  it('locates on a frame that carries the floor it is given, as a map carries its own', () => {
    const floor: FloorGeometry = {
      walls: [{ x0: 5, y0: 0, x1: 5, y1: 10, lossDb: 4, kind: 'light' }],
      doors: [{ x0: 5, y0: 4, x1: 5, y1: 5 }],
      outline: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
        { x: 0, y: 10 },
      ],
    };
    const reports = [0, 1000].flatMap((t) => reportsAt('tag', 3, 3, t));
    framesLocatedOn.length = 0;
    replay(parseGateways(gatewaysJson), reports, { floor });
    expect(framesLocatedOn).toHaveLength(2);
    expect(framesLocatedOn.every((f) => f.floor === floor)).toBe(true);
    framesLocatedOn.length = 0;
    replay(parseGateways(gatewaysJson), reports);
    expect(framesLocatedOn.every((f) => f.floor === undefined)).toBe(true);
  });
});

describe('replay settings', () => {
  const anchors = parseGateways(gatewaysJson);
  const reports = [0, 1000, 2000].flatMap((t) => reportsAt('tag', 3, 3, t));

  it('reads a settings file and applies it', () => {
    const { settings, mode } = parseSettings('{"enabled": false, "positioningMode": "static"}');
    expect(mode).toBe('static');
    expect(settings.minSignalCount).toBe(2);
    const rows = replay(anchors, reports, { settings, mode });
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.x === null && r.confidence === null)).toBe(true);
    expect(() => parseSettings('{"positioningMode": "fast"}', 's.json')).toThrow(
      's.json:1: positioningMode must be auto, static or mobile',
    );
    expect(() => parseSettings('{"minSignalCount": "3"}', 's.json')).toThrow(
      's.json:1: "minSignalCount" must be a number',
    );
    expect(() => parseSettings('{"algorithm": "magic"}', 's.json')).toThrow(/"algorithm" must/);
    expect(() => parseSettings('{"minSignals": 3}', 's.json')).toThrow('unknown setting');
    const nested = '{"triangulation": {"minSignalCount": 4, "showDebugInfo": true}}';
    expect(parseSettings(nested).settings.minSignalCount).toBe(4);
    expect(parseSettings('{"algorithm": "least-squares"}').settings.algorithm).toBe(
      'least-squares',
    );
  });

  it("honours each gateway's logicThreshold from gateways.json", () => {
    const strict = parseGateways(
      JSON.stringify(ROOM.map((a) => ({ mac: a.id, x: a.x, y: a.y, z: a.z, logicThreshold: -20 }))),
    );
    expect(replay(strict, reports).every((r) => r.x === null)).toBe(true);
  });
});

describe('input files', () => {
  it('names the line of a bad report', () => {
    const csv = 'ts_ms,gateway,device,rssi\n0,g0,tag,-60\n1000,g1,tag,loud\n';
    expect(() => parseReports(csv, 'r.csv')).toThrow('r.csv:3: rssi "loud" is not a number');
    expect(() => parseReports('ts,gateway,device,rssi\n', 'r.csv')).toThrow(
      /r\.csv:1: .*missing "ts_ms"/,
    );
    expect(() => parseReports('ts_ms,gateway,device,rssi\n5,g0,tag\n', 'r.csv')).toThrow(
      'r.csv:2: expected 4 fields',
    );
  });

  it('names the line of a bad gateway', () => {
    const json = '[\n  {"mac": "a", "x": 1, "y": 2},\n  {"mac": "b", "x": "far", "y": 2}\n]';
    expect(() => parseGateways(json, 'g.json')).toThrow('g.json:3: gateway b needs a numeric "x"');
    expect(() => parseGateways('[\n{"mac": "a",\n "x": 1,,\n}]', 'g.json')).toThrow(
      /g\.json:3: invalid JSON/,
    );
  });
});
