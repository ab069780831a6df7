/** Replay of recorded gateway reports: parsing of the input files and the causal per-device run. */
import type { FloorGeometry } from './floor.ts';
import { buildFrame, type FrameGateway, type MapFrame } from './frame.ts';
import { calibrateFromGateway, gatewayOfDevice } from './gateway-links.ts';
import { createSites } from './site.ts';
import { createLinkWindows, observationsFromLinks } from './link-window.ts';
import { DEFAULT_LOCATE_SETTINGS } from './locate.ts';
import { createDeviceLocator } from './locator.ts';
import type { PositioningMode } from './tracker.ts';
import type { Anchor, LocateSettings } from './types.ts';

/** An input problem, with the 1-based line it was found on when one can be told. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    problem: string,
  ) {
    super(line === null ? `${file}: ${problem}` : `${file}:${line}: ${problem}`);
  }
}

/** One row of reports.csv. */
export interface Report {
  tMs: number;
  gateway: string;
  device: string;
  rssi: number;
}

/** One output row: position null when no fix was possible yet. */
export interface ReplayRow {
  tMs: number;
  device: string;
  x: number | null;
  y: number | null;
  confidence: number | null;
}

function lineOfIndex(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The frame replays run in: positions in metres, so one "pixel" per metre. */
const REPLAY_MAP = { _id: 'replay', settings: { pixelsPerMetre: 1 } };

/** Parse gateways.json: [{mac, x, y, z?, maxRSSI?, logicThreshold?}] in metres. */
export function parseGateways(text: string, file = 'gateways.json'): Anchor[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec(String(e))?.[1];
    throw new InputError(
      file,
      pos ? lineOfIndex(text, Number(pos)) : 1,
      `invalid JSON (${(e as Error).message})`,
    );
  }
  if (!Array.isArray(data)) throw new InputError(file, 1, 'expected an array of gateways');
  const starts = [...text.matchAll(/\{/g)].map((m) => lineOfIndex(text, m.index));
  const gateways = data.map((g: unknown, i): FrameGateway => {
    const line = starts[i] ?? 1;
    if (typeof g !== 'object' || g === null)
      throw new InputError(file, line, `gateway ${i + 1} is not an object`);
    const r = g as Record<string, unknown>;
    if (typeof r.mac !== 'string' || r.mac === '')
      throw new InputError(file, line, `gateway ${i + 1} has no "mac"`);
    for (const k of ['x', 'y']) {
      if (typeof r[k] !== 'number' || !Number.isFinite(r[k])) {
        throw new InputError(file, line, `gateway ${r.mac} needs a numeric "${k}" (metres)`);
      }
    }
    for (const k of ['z', 'maxRSSI', 'logicThreshold']) {
      if (r[k] != null && typeof r[k] !== 'number')
        throw new InputError(file, line, `gateway ${r.mac}: "${k}" must be a number`);
    }
    return {
      mac: r.mac,
      position: { x: r.x as number, y: r.y as number },
      z: (r.z as number | undefined) ?? null,
      maxRSSI: (r.maxRSSI as number | undefined) ?? null,
      logicThreshold: (r.logicThreshold as number | undefined) ?? null,
    };
  });
  return buildFrame(REPLAY_MAP, gateways).anchors;
}

/** Parse reports.csv with header ts_ms,gateway,device,rssi (columns in any order). */
export function parseReports(text: string, file = 'reports.csv'): Report[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0)
      throw new InputError(
        file,
        1,
        `header must contain ts_ms,gateway,device,rssi (missing "${name}")`,
      );
    return i;
  };
  const [ts, gw, dev, rs] = [col('ts_ms'), col('gateway'), col('device'), col('rssi')];
  const out: Report[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const f = raw.split(',').map((v) => v.trim());
    if (f.length !== header.length)
      throw new InputError(file, i + 1, `expected ${header.length} fields, found ${f.length}`);
    const tMs = Number(f[ts]);
    const rssi = Number(f[rs]);
    if (f[ts] === '' || !Number.isFinite(tMs))
      throw new InputError(file, i + 1, `ts_ms "${f[ts]}" is not a number`);
    if (f[rs] === '' || !Number.isFinite(rssi))
      throw new InputError(file, i + 1, `rssi "${f[rs]}" is not a number`);
    if (!f[gw] || !f[dev])
      throw new InputError(file, i + 1, 'gateway and device must not be empty');
    out.push({ tMs, gateway: f[gw]!, device: f[dev]!, rssi });
  }
  return out;
}

const ALGORITHMS: readonly LocateSettings['algorithm'][] = [
  'auto',
  'strongest',
  'weighted-centroid',
  'least-squares',
  'maximum-likelihood',
];
const NUMERIC = ['minSignalCount', 'minConfidence', 'signalAgeWeight', 'rssiWeight'] as const;

/**
 * Parse a settings file: any subset of LocateSettings (top level or under "triangulation", as
 * the console stores them; showDebugInfo is accepted and ignored) plus an optional positioningMode.
 */
export function parseSettings(
  text: string,
  file = 'settings.json',
): { settings: LocateSettings; mode: PositioningMode } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError(file, 1, `invalid JSON (${(e as Error).message})`);
  }
  if (typeof data !== 'object' || data === null)
    throw new InputError(file, 1, 'expected an object');
  const { positioningMode, triangulation, ...top } = data as Record<string, unknown>;
  // The console's settings shape nests these under "triangulation"; both forms are accepted.
  if (triangulation !== undefined && (typeof triangulation !== 'object' || triangulation === null))
    throw new InputError(file, 1, '"triangulation" must be an object');
  const rest = { ...top, ...(triangulation as Record<string, unknown> | undefined) };
  const mode = positioningMode ?? 'mobile';
  if (mode !== 'auto' && mode !== 'static' && mode !== 'mobile') {
    throw new InputError(file, 1, 'positioningMode must be auto, static or mobile');
  }
  const settings: LocateSettings = { ...DEFAULT_LOCATE_SETTINGS };
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'enabled') {
      if (typeof value !== 'boolean')
        throw new InputError(file, 1, '"enabled" must be true or false');
      settings.enabled = value;
    } else if (key === 'algorithm') {
      if (!ALGORITHMS.includes(value as LocateSettings['algorithm']))
        throw new InputError(file, 1, `"algorithm" must be one of ${ALGORITHMS.join(', ')}`);
      settings.algorithm = value as LocateSettings['algorithm'];
    } else if (NUMERIC.includes(key as (typeof NUMERIC)[number])) {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new InputError(file, 1, `"${key}" must be a number`);
      settings[key as (typeof NUMERIC)[number]] = value;
    } else if (key !== 'showDebugInfo') {
      throw new InputError(file, 1, `unknown setting "${key}"`);
    }
  }
  return { settings, mode };
}

/** Options of a replay run. */
export interface ReplayOptions {
  intervalMs?: number;
  settings?: LocateSettings;
  mode?: PositioningMode;
  /** The floor's walls, doors and walkable outline (m), carried in the frame as a map's are. */
  floor?: FloorGeometry;
}

/**
 * Replay: per device, one row every intervalMs from its first report to the last report of
 * the input; each row sees only reports with ts ≤ its own ts_ms (causal by construction). Every
 * report goes into the device's link windows and the locator reads their summaries, as the
 * server does live; a weak fix keeps the row at the last good one. Devices advance together in
 * time order, since what the site's self-calibration learns from one helps the others. A device
 * that is one of the gateways (its MAC) is not located: what the others hear of it calibrates
 * the site, and it gets no rows.
 */
export function replay(
  anchors: readonly Anchor[],
  reports: readonly Report[],
  options: ReplayOptions = {},
): ReplayRow[] {
  const intervalMs = options.intervalMs ?? 1000;
  const sorted = [...reports].sort((a, b) => a.tMs - b.tMs);
  const end = sorted.length > 0 ? sorted[sorted.length - 1]!.tMs : 0;
  const devices = new Map<string, { list: Report[]; next: number; rows: ReplayRow[] }>();
  for (const r of sorted) {
    const d = devices.get(r.device);
    if (d) d.list.push(r);
    else devices.set(r.device, { list: [r], next: 0, rows: [] });
  }
  const names = [...devices.keys()].sort((a, b) => a.localeCompare(b));
  const ticks: { t: number; device: string }[] = [];
  for (const device of names) {
    for (let t = devices.get(device)!.list[0]!.tMs; t <= end; t += intervalMs)
      ticks.push({ t, device });
  }
  ticks.sort((a, b) => a.t - b.t || a.device.localeCompare(b.device));
  const frame: MapFrame = { mapId: REPLAY_MAP._id, pixelsPerMetre: 1, anchors: [...anchors] };
  if (options.floor) frame.floor = options.floor;
  const windows = createLinkWindows();
  const settings = options.settings ?? DEFAULT_LOCATE_SETTINGS;
  // One site for the recording: every device's fixes and every gateway heard teach it.
  const sites = createSites();
  const locators = new Map(
    names.map((n) => [n, createDeviceLocator({ mode: options.mode ?? 'mobile', settings, sites })]),
  );
  const beacons = new Map(names.map((n) => [n, gatewayOfDevice(frame.anchors, n)]));
  for (const { t, device } of ticks) {
    const d = devices.get(device)!;
    while (d.next < d.list.length && d.list[d.next]!.tMs <= t) {
      const r = d.list[d.next++]!;
      windows.add(device, r.gateway, r.rssi, r.tMs);
    }
    const obs = observationsFromLinks(windows.summaries(device, t), t);
    const source = beacons.get(device);
    if (source) {
      calibrateFromGateway(sites.of(frame, t), source, obs);
      continue;
    }
    const fix = locators.get(device)!.update(frame, obs, t);
    d.rows.push({
      tMs: t,
      device,
      x: fix?.position.x ?? null,
      y: fix?.position.y ?? null,
      confidence: fix?.triangulationInfo.confidence ?? null,
    });
  }
  return names.flatMap((n) => devices.get(n)!.rows);
}

/** Format rows as CSV ts_ms,device,x,y,confidence (empty x,y,confidence when no fix). */
export function formatRows(rows: readonly ReplayRow[]): string {
  const fmt = (v: number | null, digits: number) => (v == null ? '' : v.toFixed(digits));
  const body = rows.map(
    (r) => `${r.tMs},${r.device},${fmt(r.x, 3)},${fmt(r.y, 3)},${fmt(r.confidence, 3)}`,
  );
  return ['ts_ms,device,x,y,confidence', ...body].join('\n') + '\n';
}
