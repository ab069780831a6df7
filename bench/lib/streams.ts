/**
 * Datasets as streams of raw reports, the form the product receives: per device, time-ordered
 * (gateway, RSSI) reports and the true position over time. Kolakowski 2021 (one flat, a robot)
 * and UJI 2019 (a library and an office, phones at static points; beacons act as gateways).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metres, type Anchor, type FloorGeometry } from '@rtls/positioning';
import { findDatasetDir, type DatasetRow } from './dataset.ts';
import { ujiFloor } from './floors.ts';

/** One report: when, which gateway, what level. */
export interface StreamReport {
  tMs: number;
  gateway: string;
  rssi: number;
}

/** One device's recording: its reports in time order and where it truly was. */
export interface Track {
  device: string;
  reports: StreamReport[];
  truth(tMs: number): { x: number; y: number };
}

/** A dataset: gateways and tracks; `choose` says whether constants may be chosen on it. */
export interface StreamSet {
  name: string;
  anchors: Anchor[];
  tracks: Track[];
  /** True for the parts constants are chosen on; the others are only reported. */
  choose: boolean;
  /** The site's walls, doors and walkable outline (m), when its dataset gives any (floors.ts). */
  floor?: FloorGeometry;
}

/** A gap (ms) after which a recording is cut into separate tracks. */
const MAX_GAP_MS = 10_000;

/** Kolakowski rows (channel-averaged, ~3 Hz) as report streams, one track per unbroken span. */
export function rowsAsTracks(name: string, rows: readonly DatasetRow[]): Track[] {
  const tracks: Track[] = [];
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && rows[i]!.tMs - rows[i - 1]!.tMs <= MAX_GAP_MS) continue;
    const span = rows.slice(start, i);
    const reports = span.flatMap((r) =>
      r.observations.map((o) => ({ tMs: r.tMs, gateway: o.gateway, rssi: o.rssi })),
    );
    tracks.push({ device: `${name}-${tracks.length}`, reports, truth: interpolate(span) });
    start = i;
  }
  return tracks;
}

/** Linear interpolation of the ground truth between rows (held at the ends). */
function interpolate(rows: readonly DatasetRow[]) {
  return (tMs: number) => {
    let lo = 0;
    let hi = rows.length - 1;
    if (tMs <= rows[0]!.tMs) return rows[0]!;
    if (tMs >= rows[hi]!.tMs) return rows[hi]!;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (rows[mid]!.tMs <= tMs) lo = mid;
      else hi = mid;
    }
    const a = rows[lo]!;
    const b = rows[hi]!;
    const f = (tMs - a.tMs) / (b.tMs - a.tMs);
    return { x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y) };
  };
}

const readCsv = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));

/** The UJI 2019 directory next to the Kolakowski one, or null. */
export function findUjiDir(): string | null {
  const k = findDatasetDir();
  const dir = k ? join(k, '..', 'uji-ble-2019', 'data') : null;
  return dir && existsSync(join(dir, 'dep', 'lib.csv')) ? dir : null;
}

/**
 * One UJI zone ('lib' or 'geo'): each beacon a gateway at 2.5 m (unknown mounting; the phone is
 * held at ~1.2 m), each (phone, power, campaign, point) a static device whose scans are reports.
 */
export function loadUjiZone(dir: string, zone: 'lib' | 'geo', choose: boolean): StreamSet {
  const dep = readCsv(join(dir, 'dep', `${zone}.csv`)).slice(1);
  const anchors: Anchor[] = dep.map(([id, x, y]) => ({
    id: String(id),
    x: metres(Number(x)),
    y: metres(Number(y)),
  }));
  const rss = readCsv(join(dir, 'rss', `${zone}_rss.csv`));
  const tms = readCsv(join(dir, 'rss', `${zone}_tms.csv`));
  const crd = readCsv(join(dir, 'rss', `${zone}_crd.csv`));
  const ids = readCsv(join(dir, 'rss', `${zone}_ids.csv`));
  const groups = new Map<string, { reports: StreamReport[]; x: number; y: number }>();
  rss.forEach((row, i) => {
    const key = String(Math.floor(Number(ids[i]![0]) / 100));
    let g = groups.get(key);
    if (!g) {
      g = { reports: [], x: Number(crd[i]![0]), y: Number(crd[i]![1]) };
      groups.set(key, g);
    }
    row.forEach((v, k) => {
      const rssi = Number(v);
      if (rssi === 100 || !Number.isFinite(rssi)) return;
      g.reports.push({ tMs: Number(tms[i]![k]) / 1e6, gateway: anchors[k]!.id, rssi });
    });
  });
  const tracks: Track[] = [];
  for (const [key, g] of groups) {
    if (g.reports.length === 0) continue;
    g.reports.sort((a, b) => a.tMs - b.tMs);
    const at = { x: g.x, y: g.y };
    tracks.push({ device: `${zone}-${key}`, reports: g.reports, truth: () => at });
  }
  const label = zone === 'lib' ? 'UJI library' : 'UJI office';
  const floor = ujiFloor(dir, zone);
  return { name: label, anchors, tracks, choose, ...(floor ? { floor } : {}) };
}
