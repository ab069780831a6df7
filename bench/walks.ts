/**
 * bench:walks — how long the server takes, after a walk's last point, to calibrate from it and to
 * report on it: the simulated 20-point walk of the API tests (demo building, 12 gateways, 8 s per
 * point) in an in-process app on PGlite, its reports stored through ingest first. Each call is
 * timed end to end through the API (SQL reads, the fit, five folds of held-out fixes, the report).
 * Baseline in the same run: reading the finished walk back, the cheapest call on the same data.
 * Then what a calibration brings: the held-out p90 before and after, and the verdict, for the
 * same walk on 8, 12 and all 19 demo gateways and six seeds of the simulated channel, on the demo
 * floor with its walls (the points located through them, as the server does on the demo map);
 * against it, what the walk's fit does applied (on fresh stands of the same site) and what such a
 * fit made on those stands themselves does.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:walks                 (5 rounds)
 *   BENCH_WALKS_ROUNDS=20 npm run bench:walks
 */
import { calibrationVerdict, type Calibration } from '@rtls/contract';
import {
  buildFrame,
  crossValidateWalk,
  fitWalkModels,
  rng,
  summariseErrors,
  walkPointError,
  withWalkFit,
  type Anchor,
  type CalibrationSample,
  type MapFrame,
} from '@rtls/positioning';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, MIGRATIONS_DIR, openDatabase } from '../apps/server/src/lib/db.ts';
import { pointEvidence } from '../apps/server/src/modules/walks/accuracy.ts';
import {
  DEMO_LOGIC_THRESHOLD,
  DEMO_PIXELS_PER_METRE,
  DEMO_RSSI_AT_1M,
  demoDevice,
} from '../apps/server/src/simulator/building.ts';
import { seedDemo } from '../apps/server/src/simulator/demo-seed.ts';
import { BUILDING, demoFloorModel, placeAt } from '../apps/server/src/simulator/plan.ts';
import { gatewayLayout } from '../apps/server/src/simulator/simulator.ts';
import { simulateWalk } from '../apps/server/test/walk-sim.ts';
import { machineLine } from './lib/machine.ts';
import { quantile } from './lib/stats.ts';

const ROUNDS = Number(process.env.BENCH_WALKS_ROUNDS ?? 5);
const GATEWAYS = 12;
const EMAIL = 'bench-walks@example.com';
const PASSWORD = 'correct horse battery';

async function main() {
  const sql = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await migrate(sql, MIGRATIONS_DIR);
  const config = loadConfig({ DATA_DIR: 'memory://', WEB_DIST: '' } as NodeJS.ProcessEnv);
  const built = await buildApp({ config, sql, logger: false });
  await built.app.ready();
  try {
    const gateways = gatewayLayout(GATEWAYS);
    const ownerId = await seedDemo(
      { auth: built.auth, ...built.repos },
      { email: EMAIL, password: PASSWORD, devices: 1, gateways },
    );
    const signin = await built.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: EMAIL, password: PASSWORD },
    });
    const token = (signin.json() as { data: { token: string } }).data.token;
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, { id: string }>;
    };
    const mapId = (
      await sql.query<{ id: string }>('select id from maps where owner_id = $1', [ownerId])
    )[0]!.id;
    const key = (await built.repos.keys.create(ownerId, 'bench')).key;
    const device = demoDevice(0).mac;
    const walk = simulateWalk({ device, gateways, startMs: Date.now() - 30 * 60_000 });
    for (let i = 0; i < walk.reports.length; i += 1000) {
      await built.app.inject({
        method: 'POST',
        url: '/api/ingest',
        headers: { 'x-ingest-key': key },
        payload: walk.reports.slice(i, i + 1000),
      });
    }

    const timed: Record<'read' | 'calibrate' | 'report', number[]> = {
      read: [],
      calibrate: [],
      report: [],
    };
    const time = async (what: keyof typeof timed, run: () => Promise<unknown>) => {
      const t0 = performance.now();
      await run();
      timed[what].push(performance.now() - t0);
    };
    let calibration: Record<string, unknown> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const walkId = (await call('POST', `/api/maps/${mapId}/walks`, { deviceMac: device })).walk!
        .id;
      for (const tap of walk.taps) await call('POST', `/api/walks/${walkId}/points`, tap);
      await call('POST', `/api/walks/${walkId}/finish`);
      await time('read', () => call('GET', `/api/walks/${walkId}`));
      await time('calibrate', async () => {
        calibration = await call('POST', `/api/walks/${walkId}/calibrations`);
      });
      await time('report', () => call('POST', `/api/walks/${walkId}/reports`));
    }
    console.log(machineLine());
    console.log(
      `walk: 20 points, ${GATEWAYS} gateways, ${walk.reports.length} reports; ${ROUNDS} rounds`,
    );
    for (const [what, ms] of Object.entries(timed))
      console.log(
        `${what.padEnd(10)} median ${quantile(ms, 0.5).toFixed(1)} ms, worst ${Math.max(...ms).toFixed(1)} ms`,
      );
    const { before, after } = (calibration as { calibration: Calibration }).calibration;
    console.log(
      `this walk on the demo map, held out: median ${before.medianM!.toFixed(2)} → ${after.medianM!.toFixed(2)} m, p90 ${before.p90M!.toFixed(2)} → ${after.p90M!.toFixed(2)} m`,
    );
  } finally {
    await built.app.close();
    await sql.close();
  }
  gains();
}

/** Fresh stands that judge an applied calibration: this many places of each simulated site. */
const STANDS = 200;

/** STANDS places drawn over the demo floor's rooms and corridors (m). */
function freshPlaces(seed: number): { x: number; y: number }[] {
  const rand = rng(seed);
  const out: { x: number; y: number }[] = [];
  while (out.length < STANDS) {
    const x = BUILDING.x0 + (BUILDING.x1 - BUILDING.x0) * rand();
    const y = BUILDING.y0 + (BUILDING.y1 - BUILDING.y0) * rand();
    if (placeAt(x, y) !== null) out.push({ x, y });
  }
  return out;
}

/** A simulated walk's points as the server reads them: one sample per point. */
function samplesOf(walk: ReturnType<typeof simulateWalk>, frame: MapFrame): CalibrationSample[] {
  const points = walk.taps.map((t, i) => ({
    id: `p${i}`,
    device: null,
    x: t.x,
    y: t.y,
    fromMs: Date.parse(t.from),
    toMs: Date.parse(t.to),
  }));
  const readings = walk.reports.map((r) => ({
    gateway: r.gateway,
    rssi: r.rssi,
    atMs: r.timestamp,
  }));
  return pointEvidence(points, new Map([[null, readings]]), frame).map((e) => e.sample);
}

const pct = (after: number, before: number) => (100 * (after - before)) / before;

/**
 * Per gateway layout and seed: the held-out p90 before → after and the verdict; then what the
 * walk's fit does applied, the p90 change on STANDS fresh stands of the same site (its gateway
 * offsets, new shadowing, bodies and fading), and that of the same fit made on those stands
 * themselves: what offsets and an exponent can learn there at all, whatever the walk.
 */
function gains() {
  console.log(
    'held-out p90 (m) before → after, change, verdict | ' +
      `p90 change on ${STANDS} fresh stands: walk's fit applied, fit on the stands:`,
  );
  const wins = { heldOut: 0, applied: 0, onStands: 0 };
  const gaps: number[] = [];
  for (const count of [8, 12, 19]) {
    const gateways = gatewayLayout(count);
    const frame = buildFrame(
      {
        _id: 'bench',
        settings: { pixelsPerMetre: DEMO_PIXELS_PER_METRE },
        floorModel: demoFloorModel(DEMO_PIXELS_PER_METRE),
      },
      gateways.map((g) => ({
        mac: g.mac,
        position: { x: g.x * DEMO_PIXELS_PER_METRE, y: g.y * DEMO_PIXELS_PER_METRE },
        maxRSSI: DEMO_RSSI_AT_1M,
        logicThreshold: DEMO_LOGIC_THRESHOLD,
      })),
    );
    const site = { floor: frame.floor };
    const cells: string[] = [];
    for (let seed = 1; seed <= 6; seed++) {
      const offsets = new Map<string, number>();
      const walk = samplesOf(
        simulateWalk({ device: 'T', gateways, startMs: 0, seed, offsets }),
        frame,
      );
      const held = crossValidateWalk(walk, frame.anchors, site);
      const before = summariseErrors(held.before);
      const after = summariseErrors(held.after);
      const v = calibrationVerdict(before, after);
      const stands = samplesOf(
        simulateWalk({
          device: 'T',
          gateways,
          startMs: 0,
          seed: 1000 + seed,
          offsets,
          points: freshPlaces(2000 + seed),
        }),
        frame,
      );
      const p90 = (anchors: readonly Anchor[]) =>
        summariseErrors(stands.map((s) => walkPointError(s, anchors, site))).p90M!;
      const fitted = (samples: CalibrationSample[]) =>
        withWalkFit(frame.anchors, fitWalkModels(samples, frame.anchors, site));
      const base = p90(frame.anchors);
      const applied = pct(p90(fitted(walk)), base);
      const onStands = pct(p90(fitted(stands)), base);
      wins.heldOut += v.p90ChangePct! <= -20 ? 1 : 0;
      wins.applied += applied <= -20 ? 1 : 0;
      wins.onStands += onStands <= -20 ? 1 : 0;
      gaps.push(v.p90ChangePct! - applied);
      cells.push(
        `${before.p90M!.toFixed(1)} → ${after.p90M!.toFixed(1)} ` +
          `(${v.p90ChangePct!.toFixed(0)} %, ${v.reason}) | ` +
          `${applied.toFixed(0)}, ${onStands.toFixed(0)} %`,
      );
    }
    console.log(`${String(count).padStart(2)} gateways: ${cells.join('; ')}`);
  }
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const rms = Math.sqrt(gaps.reduce((a, b) => a + b * b, 0) / gaps.length);
  console.log(
    `p90 down by ≥ 20 % on ${wins.heldOut} of 18 held out, ${wins.applied} applied, ` +
      `${wins.onStands} fitted on the stands; held-out change − applied change: ` +
      `mean ${mean.toFixed(1)}, rms ${rms.toFixed(1)} points`,
  );
}

await main();
