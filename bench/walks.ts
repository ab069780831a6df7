/**
 * bench:walks — how long the server takes, after a walk's last point, to calibrate from it and to
 * report on it: the simulated 20-point walk of the API tests (demo building, 12 gateways, 8 s per
 * point) in an in-process app on PGlite, its reports stored through ingest first. Each call is
 * timed end to end through the API (SQL reads, the fit, five folds of held-out fixes, the report).
 * Baseline in the same run: reading the finished walk back, the cheapest call on the same data.
 * Prints figures; asserts nothing.
 *
 *   npm run bench:walks                 (5 rounds)
 *   BENCH_WALKS_ROUNDS=20 npm run bench:walks
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate, openDatabase } from '../apps/server/src/lib/db.ts';
import { MIGRATIONS_DIR } from '../apps/server/src/server.ts';
import { demoDevice } from '../apps/server/src/simulator/building.ts';
import { seedDemo } from '../apps/server/src/simulator/demo-seed.ts';
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
    for (let round = 0; round < ROUNDS; round++) {
      const walkId = (await call('POST', `/api/maps/${mapId}/walks`, { deviceMac: device })).walk!
        .id;
      for (const tap of walk.taps) await call('POST', `/api/walks/${walkId}/points`, tap);
      await call('POST', `/api/walks/${walkId}/finish`);
      await time('read', () => call('GET', `/api/walks/${walkId}`));
      await time('calibrate', () => call('POST', `/api/walks/${walkId}/calibrations`));
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
  } finally {
    await built.app.close();
    await sql.close();
  }
}

await main();
