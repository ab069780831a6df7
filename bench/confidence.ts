/**
 * Does confidence let a standing tag into its zone? A 40 × 20 m floor with 8 gateways in a ring (the
 * corners and the thirds of the long sides, 3 m up), clean simulated signals (no shadowing, no
 * gateway offsets, no body, strong line of sight), and a tag switched on and left standing at each
 * spot of a grid inside the gateways' hull. Each is located as the server locates it: every report
 * into the link windows, a device locator (auto mode, the server's triangulation settings) on the
 * map's frame once a second. Per spot: how long until its position's confidence reaches zone
 * presence's minimum (PRESENCE_DEFAULTS.minConfidence), its error and confidence after 10 s and
 * 60 s; then the share of spots in within 10 s and the distributions, beside what a calibrated
 * confidence would be (the share of errors within CONFIDENCE_RADIUS_M).
 *   npm run bench:confidence -- [--step 2] [--hz 1] [--seconds 60] [--shared-site] [--seed 1]
 */
import { parseArgs } from 'node:util';
import { PRESENCE_DEFAULTS } from '@rtls/contract';
import {
  buildFrame,
  CONFIDENCE_RADIUS_M,
  createChannel,
  createDeviceLocator,
  createLinkWindows,
  createSites,
  observationsFromLinks,
  rng,
  type ChannelGateway,
  type ChannelModel,
  type DeviceLocator,
  type Sites,
} from '@rtls/positioning';
import { locateSettings } from '../apps/server/src/modules/positions/frames.ts';
import { quantile } from './lib/stats.ts';
import { machineLine } from './lib/machine.ts';

const { values } = parseArgs({
  options: {
    step: { type: 'string', default: '2' },
    hz: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '60' },
    'shared-site': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});
const STEP_M = Number(values.step);
const HZ = Number(values.hz);
const SECONDS = Math.max(10, Math.round(Number(values.seconds)));
for (const [flag, v] of [
  ['--step', STEP_M],
  ['--hz', HZ],
  ['--seconds', SECONDS],
] as const) {
  if (!(v > 0)) throw new Error(`${flag} must be a positive number`);
}
const SHARED = values['shared-site'];

const FLOOR = { width: 40, height: 20 } as const;
const PPM = 20;
const CEILING_M = 3;
const MIN = PRESENCE_DEFAULTS.minConfidence;

/** The ring: the corners and the thirds of the long sides. */
const GATEWAYS: ChannelGateway[] = [0, 1 / 3, 2 / 3, 1].flatMap((f, i) => [
  { id: `GW-S${i}`, x: f * FLOOR.width, y: 0, z: CEILING_M },
  { id: `GW-N${i}`, x: f * FLOOR.width, y: FLOOR.height, z: CEILING_M },
]);

/** Clean signals: log-distance at the engine's own default exponent, only light fast fading. */
const CLEAN: Partial<ChannelModel> = {
  exponent: 2.2,
  gatewayOffsetSigmaDb: 0,
  shadowSigmaDb: 0,
  bodyLossDb: 0,
  riceK: 10,
};
/** The tag's level at 1 m: the engine's default (DEFAULT_RADIO_MODEL.rssiAt1m). */
const TX_DBM = -59;

/** The map's frame as the server builds it: positions in pixels, no height, no radio settings. */
const frame = buildFrame(
  {
    _id: 'confidence-bench',
    settings: {
      pixelsPerMetre: PPM,
      imageSize: { width: FLOOR.width * PPM, height: FLOOR.height * PPM },
    },
  },
  GATEWAYS.map((g) => ({
    mac: g.id,
    position: { x: g.x * PPM, y: g.y * PPM },
    maxRSSI: null,
    logicThreshold: null,
  })),
);

interface Spot {
  x: number;
  y: number;
  nearestM: number;
  /** Seconds until the shown position's confidence first reached MIN; null if never. */
  reachS: number | null;
  at10: { confidence: number; error: number } | null;
  atEnd: { confidence: number; error: number } | null;
}

const spots: Spot[] = [];
for (let y = STEP_M; y < FLOOR.height - 1e-9; y += STEP_M) {
  for (let x = STEP_M; x < FLOOR.width - 1e-9; x += STEP_M) {
    const nearestM = Math.min(...GATEWAYS.map((g) => Math.hypot(g.x - x, g.y - y)));
    spots.push({ x, y, nearestM, reachS: null, at10: null, atEnd: null });
  }
}

function run(): number {
  const started = performance.now();
  const rand = rng(Number(values.seed));
  const channel = createChannel(GATEWAYS, rand, CLEAN);
  const settings = locateSettings();
  const shared = createSites();
  const tags = spots.map((spot, i) => {
    // A lone tag on a site of its own, unless the spots stand together on one site like a fleet.
    const sites: Sites = SHARED ? shared : createSites();
    const locator: DeviceLocator = createDeviceLocator({ mode: 'auto', settings, sites });
    // Each gateway hears the tag at HZ, from a phase of its own.
    const next = GATEWAYS.map(() => (rand() * 1000) / HZ);
    return { spot, device: `tag-${i}`, locator, next };
  });
  const links = createLinkWindows();
  for (let s = 1; s <= SECONDS; s++) {
    const now = s * 1000;
    for (const t of tags) {
      GATEWAYS.forEach((g, k) => {
        while (t.next[k]! <= now) {
          const at = t.next[k]!;
          const rssi = channel.packet(g, { x: t.spot.x, y: t.spot.y, txDbm: TX_DBM }, rand);
          if (rssi !== null) links.add(t.device, g.id, rssi, at);
          t.next[k] = at + 1000 / HZ;
        }
      });
      const fix = t.locator.update(
        frame,
        observationsFromLinks(links.summaries(t.device, now), now),
        now,
      );
      if (!fix) continue;
      const confidence = fix.triangulationInfo.confidence;
      const error = Math.hypot(fix.position.x / PPM - t.spot.x, fix.position.y / PPM - t.spot.y);
      if (t.spot.reachS === null && confidence >= MIN) t.spot.reachS = s;
      if (s === 10) t.spot.at10 = { confidence, error };
      if (s === SECONDS) t.spot.atEnd = { confidence, error };
    }
  }
  return (performance.now() - started) / 1000;
}

const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : '-');
const pct = (v: number) => `${(100 * v).toFixed(0)} %`;

function distribution(label: string, values: readonly number[]): string {
  const q = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1].map((p) => f2(quantile(values, p)));
  return `${label}: min ${q[0]}, p10 ${q[1]}, p25 ${q[2]}, median ${q[3]}, p75 ${q[4]}, p90 ${q[5]}, max ${q[6]}`;
}

function bands(values: readonly number[]): string {
  const edges = [0, 0.3, MIN, 0.8, 1.0001];
  const names = ['< 0.3', `0.3–${MIN}`, `${MIN}–0.8`, '≥ 0.8'];
  return names
    .map(
      (n, i) =>
        `${n} ${pct(values.filter((v) => v >= edges[i]! && v < edges[i + 1]!).length / Math.max(1, values.length))}`,
    )
    .join(', ');
}

const seconds = run();
console.log(machineLine());
console.log(
  `floor ${FLOOR.width} × ${FLOOR.height} m, ${GATEWAYS.length} gateways at ${CEILING_M} m (corners and thirds of the long sides), ` +
    `${spots.length} spots every ${STEP_M} m, ${HZ} packet/s per gateway, clean signals (exponent ${CLEAN.exponent}, Rician K ${CLEAN.riceK}, ` +
    `no shadowing, offsets or body), auto mode with the server's settings, ${SHARED ? 'all spots on one site' : 'each spot a site of its own'}, ` +
    `confidence needed ${MIN} (PRESENCE_DEFAULTS.minConfidence)`,
);
console.log('');
const end = `${SECONDS} s`;
console.log(
  `per spot (m, s): x y | nearest gateway | time to confidence ≥ ${MIN} | confidence 10 s, ${end} | error 10 s, ${end}`,
);
for (const s of spots) {
  console.log(
    [
      `${s.x.toFixed(0).padStart(2)} ${s.y.toFixed(0).padStart(2)}`,
      s.nearestM.toFixed(1).padStart(5),
      (s.reachS === null ? `never in ${end}` : `${s.reachS} s`).padStart(13),
      `${f2(s.at10?.confidence ?? NaN)} ${f2(s.atEnd?.confidence ?? NaN)}`,
      `${f2(s.at10?.error ?? NaN)} ${f2(s.atEnd?.error ?? NaN)}`,
    ].join(' | '),
  );
}
console.log('');
console.log(`time to confidence ≥ ${MIN} by spot (s; "-" not within ${end}), rows y, columns x:`);
const xs = [...new Set(spots.map((s) => s.x))];
console.log(`   y\\x ${xs.map((x) => x.toFixed(0).padStart(3)).join('')}`);
for (const y of [...new Set(spots.map((s) => s.y))]) {
  const cells = spots
    .filter((s) => s.y === y)
    .map((s) => (s.reachS === null ? '-' : String(s.reachS)).padStart(3));
  console.log(`   ${y.toFixed(0).padStart(3)} ${cells.join('')}`);
}
console.log('');
const reached = spots.filter((s) => s.reachS !== null);
const within10 = spots.filter((s) => s.reachS !== null && s.reachS <= 10).length / spots.length;
console.log(
  `spots reaching confidence ≥ ${MIN} within 10 s: ${pct(within10)} (${spots.length} spots); within ${end}: ${pct(reached.length / spots.length)}`,
);
console.log(
  distribution(
    'time to reach it, of the spots that did (s)',
    reached.map((s) => s.reachS!),
  ),
);
for (const [label, pick] of [
  ['10 s', (s: Spot) => s.at10],
  [end, (s: Spot) => s.atEnd],
] as const) {
  const at = spots.map(pick).filter((v) => v !== null);
  const conf = at.map((v) => v.confidence);
  const err = at.map((v) => v.error);
  console.log(distribution(`confidence after ${label}`, conf));
  console.log(`  bands: ${bands(conf)}`);
  console.log(distribution(`error after ${label} (m)`, err));
  console.log(
    `  calibrated reference: errors within ${CONFIDENCE_RADIUS_M} m ${pct(err.filter((e) => e <= CONFIDENCE_RADIUS_M).length / Math.max(1, err.length))} ` +
      `against a mean confidence of ${f2(conf.reduce((a, b) => a + b, 0) / Math.max(1, conf.length))}`,
  );
}
const bySpot = (lo: number, hi: number) => spots.filter((s) => s.nearestM >= lo && s.nearestM < hi);
console.log(
  `by distance to the nearest gateway: ${[
    [0, 5],
    [5, 7],
    [7, 9],
    [9, 99],
  ]
    .map(([lo, hi]) => {
      const g = bySpot(lo!, hi!);
      const ok = g.filter((s) => s.reachS !== null && s.reachS <= 10).length;
      const c = g.map((s) => s.atEnd?.confidence ?? NaN).filter(Number.isFinite);
      return `${lo}–${hi === 99 ? '' : hi} m: ${ok}/${g.length} within 10 s, median confidence at ${end} ${f2(quantile(c, 0.5))}`;
    })
    .join('; ')}`,
);
console.log(`took ${seconds.toFixed(1)} s`);
