import type { Zone } from '@rtls/contract';
import {
  buildFrame,
  DEFAULT_RADIO_MODEL,
  expectedRssi,
  heightOffset,
  type Anchor,
} from '@rtls/positioning';
import { describe, expect, it } from 'vitest';
import { accuracyReport, pointEvidence, reportCsv } from './accuracy.ts';
import type { StoredPoint, TagReading } from './repository.ts';

const PPM = 20;
/** Eight gateways around and across a 20 × 15 m hall, in map pixels. */
const GATEWAYS = [
  [0, 0],
  [10, 0],
  [20, 0],
  [20, 15],
  [10, 15],
  [0, 15],
  [6, 7.5],
  [14, 7.5],
].map(([x, y], i) => ({ mac: `G${i}`, position: { x: x! * PPM, y: y! * PPM } }));
const frame = buildFrame({ _id: 'm', settings: { pixelsPerMetre: PPM } }, GATEWAYS);

/**
 * Five points tapped at (x, 5 m) while the tag really stood dx metres east of each: noise-free
 * readings put it where it stood, so each point's error is its dx.
 */
const DX = [1, 2, 3, 4, 10];
const X = [3, 5, 7, 4, 6];
const points: StoredPoint[] = DX.map((_, i) => ({
  id: `p${i}`,
  device: null,
  x: X[i]! * PPM,
  y: 5 * PPM,
  fromMs: i * 10_000,
  toMs: i * 10_000 + 5_000,
}));

function readingsAt(a: Anchor, x: number, y: number, atMs: number): TagReading {
  const d = Math.hypot(x - a.x, y - a.y, heightOffset(a));
  return { gateway: a.id, rssi: expectedRssi(DEFAULT_RADIO_MODEL, d), atMs };
}
const readings: TagReading[] = points.flatMap((p, i) =>
  frame.anchors.flatMap((a) =>
    [1_000, 2_000, 3_000].map((t) => readingsAt(a, X[i]! + DX[i]!, 5, p.fromMs + t)),
  ),
);
/** A report outside every window, and one from a gateway not on the map: neither counts. */
readings.push({ gateway: 'G0', rssi: -40, atMs: 7_000 }, { gateway: 'X', rssi: -40, atMs: 1_000 });

const zone = (id: string, x0: number, x1: number): Zone => ({
  id,
  mapId: 'm',
  name: `Zone ${id}`,
  color: '#000000',
  polygon: [
    { x: x0 * PPM, y: 0 },
    { x: x1 * PPM, y: 0 },
    { x: x1 * PPM, y: 10 * PPM },
    { x: x0 * PPM, y: 10 * PPM },
  ],
  createdAt: '',
  updatedAt: '',
});
/** West holds the points at 3 and 4 m (errors 1 and 4); east those at 5, 6, 7 m (2, 10, 3). */
const zones = [zone('west', 0, 4.5), zone('east', 4.5, 8), zone('empty', 15, 18)];

const header = {
  id: 'r1',
  walkId: 'w1',
  mapId: 'm',
  deviceMac: 'T',
  createdAt: '2026-01-02T03:04:05.000Z',
  calibrationId: null,
};

describe('accuracy report', () => {
  const evidence = pointEvidence(points, new Map([[null, readings]]), frame);
  const report = accuracyReport(header, evidence, frame.anchors, frame, zones);

  it('averages each point’s reports within its window, per gateway of the map', () => {
    expect(evidence[0]!.heard).toHaveLength(8);
    expect(evidence[0]!.heard.every((h) => h.count === 3)).toBe(true);
    expect(evidence[0]!.sample).toMatchObject({ x: 3, y: 5 });
  });

  it('has each point’s error where its readings put the tag', () => {
    report.points.forEach((p, i) => {
      expect(p.errorM!).toBeCloseTo(DX[i]!, 1);
      expect(p.locatedX! / PPM).toBeCloseTo(X[i]! + DX[i]!, 1);
    });
  });

  it('sums them up as a hand computation does', () => {
    // Errors 1, 2, 3, 4, 10: median the third; p90 at rank 0.9 · 4 = 3.6, 4 + 0.6 · (10 − 4).
    expect(report.summary.count).toBe(5);
    expect(report.summary.medianM!).toBeCloseTo(3, 1);
    expect(report.summary.p90M!).toBeCloseTo(7.6, 1);
    expect(report.summary.maxM!).toBeCloseTo(10, 1);
    expect(report.unlocated).toBe(0);
    expect(report.worst).toEqual(['p4', 'p3', 'p2']);
  });

  it('sums up each zone with points on its own', () => {
    expect(report.zones.map((z) => z.zoneId)).toEqual(['west', 'east']);
    const [west, east] = report.zones;
    // West: 1 and 4, median 2.5, p90 1 + 0.9 · 3; east: 2, 3, 10, median 3, p90 3 + 0.8 · 7.
    expect(west!.summary.medianM!).toBeCloseTo(2.5, 1);
    expect(west!.summary.p90M!).toBeCloseTo(3.7, 1);
    expect(east!.summary.medianM!).toBeCloseTo(3, 1);
    expect(east!.summary.p90M!).toBeCloseTo(8.6, 1);
    expect(report.points[0]!.zoneIds).toEqual(['west']);
  });

  it('counts a point no gateway heard as not located', () => {
    const silent = pointEvidence(
      [{ ...points[0]!, fromMs: 90_000, toMs: 95_000 }],
      new Map([[null, readings]]),
      frame,
    );
    const r = accuracyReport(header, silent, frame.anchors, frame, []);
    expect(r.unlocated).toBe(1);
    expect(r.summary).toEqual({ count: 0, medianM: null, p90M: null, maxM: null });
  });

  it('reads a reference point’s own transmitter, never a gateway hearing itself', () => {
    // Gateway G6 stands at (6, 7.5) m: the others hear it there, and it "hears" itself loudly.
    const g6 = frame.anchors[6]!;
    const heardG6 = frame.anchors.map((a) => readingsAt(a, g6.x, g6.y, 1_000));
    const ref = { ...points[0]!, device: 'G6', x: 6 * PPM, y: 7.5 * PPM };
    const e = pointEvidence(
      [ref],
      new Map([
        [null, readings],
        ['G6', heardG6],
      ]),
      frame,
    );
    expect(e[0]!.heard.map((h) => h.mac).sort()).toEqual([
      'G0',
      'G1',
      'G2',
      'G3',
      'G4',
      'G5',
      'G7',
    ]);
    const r = accuracyReport(header, e, frame.anchors, frame, []);
    expect(r.points[0]!.errorM!).toBeLessThan(0.1);
  });

  it('writes a CSV row per point and the walk’s and zones’ figures', () => {
    const lines = reportCsv(report, new Map(zones.map((z) => [z.id, z.name]))).split('\r\n');
    expect(lines[0]).toBe('point,x_px,y_px,located_x_px,located_y_px,error_m,zones,gateways_heard');
    expect(lines[1]).toMatch(/^p0,60,100,[\d.]+,[\d.]+,1\.\d\d,Zone west,G\d /);
    expect(lines[7]).toBe('scope,points,median_m,p90_m,max_m,report_date');
    const walk = lines[8]!.split(',');
    expect(walk[0]).toBe('walk');
    expect(Number(walk[2])).toBeCloseTo(3, 1);
    expect(Number(walk[3])).toBeCloseTo(7.6, 1);
    expect(walk[5]).toBe(header.createdAt);
    expect(lines[9]).toMatch(/^zone Zone west,2,/);
    expect(lines[10]).toMatch(/^zone Zone east,3,/);
  });
});
