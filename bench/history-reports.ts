/**
 * History reports at scale on a real PostgreSQL (a throwaway database): seeds Z zones and T tags
 * making a stay every few minutes for D days, and H hours of positions at 1 Hz; then prints how long
 * the zone report (totals and occupancy), the device report of one tag and the heatmap take, each
 * beside the baseline of the same run: reading the rows they aggregate once (count(*)).
 *
 *   npm run bench:reports                               # 100 zones, 50 tags, 30 days, 6 h
 *   flags: --zones 100  --tags 50  --days 30  --hours 6  --runs 5  (BENCH_DATABASE_URL)
 */
import { HISTORY_STATE_LOOKBACK_MS, reportBucketSeconds } from '@rtls/contract';
import { migrate, MIGRATIONS_DIR, openDatabase, type Sql } from '../apps/server/src/lib/db.ts';
import { historyPartitions } from '../apps/server/src/modules/history/partitions.ts';
import { reportRepository } from '../apps/server/src/modules/history/report-repository.ts';
import { positiveFlag } from './lib/args.ts';
import { machineLine } from './lib/machine.ts';
import { throwawayDatabase } from './lib/server.ts';
import { quantile } from './lib/stats.ts';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ZONES = Math.round(positiveFlag('zones', 100));
const TAGS = Math.round(positiveFlag('tags', 50));
const DAYS = positiveFlag('days', 30);
const HOURS = positiveFlag('hours', 6);
const RUNS = Math.round(positiveFlag('runs', 5));
const DAY_MS = 86_400_000;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The median time (ms) of `RUNS` runs of `fn`. */
async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return quantile(times, 0.5);
}

/** A map, its owner, zones and series, with stays and positions seeded as the writer keeps them. */
async function seed(sql: Sql, start: number, end: number) {
  await sql.query(
    `insert into users (id, email, slug, password_hash) values ('u1', 'bench@x', 'bench', 'x')`,
  );
  await sql.query(`insert into maps (id, owner_id, name) values ('m1', 'u1', 'Reports bench')`);
  const zones = Array.from({ length: ZONES }, (_, k) => `z${k}`);
  for (const id of zones)
    await sql.query(
      `insert into zones (id, map_id, name, color, polygon) values ($1, 'm1', $1, '#3366ff', '[]')`,
      [id],
    );
  const series = await sql.query<{ id: number }>(
    `insert into history_series (map_id, owner_id, mac, first_at, last_at)
     select 'm1', 'u1', 'C3:B1:00:00:' || lpad(to_hex(i), 4, '0'), $1, $2
     from generate_series(0, $3 - 1) i returning id`,
    [new Date(start).toISOString(), new Date(end).toISOString(), TAGS],
  );
  const ids = series.map((s) => s.id);
  const partitions = historyPartitions(sql);
  const hours: number[] = [];
  for (let t = start; t <= end + DAY_MS; t += 3600_000) hours.push(t);
  await partitions.ensureFor('history_visits', hours);
  await partitions.ensureFor(
    'history_positions',
    hours.filter((t) => t >= end - HOURS * 3600_000),
  );
  // A stay of 2 to 12 minutes every 10 minutes per tag, in a zone picked by time and tag.
  for (let d = 0; d < DAYS; d++) {
    await sql.query(
      `insert into history_visits (exited_at, entered_at, series, zone_id, reason)
       select e, e - make_interval(secs => 120 + (k * 7 + id * 13) % 600), id,
              'z' || ((k * 31 + id * 17) % $4), 'left'
       from generate_series(1, 144) k cross join unnest($2::int[]) id,
            lateral (select to_timestamp(($1::bigint + k * 600000) / 1000.0) as e) t
       where e <= $3`,
      [start + d * DAY_MS, ids, new Date(end).toISOString(), ZONES],
    );
    process.stdout.write(`\rseeded visits of ${d + 1}/${DAYS} days`);
  }
  for (let h = 0; h < HOURS; h++) {
    const from = end - (HOURS - h) * 3600_000;
    await sql.query(
      `insert into history_positions (at, series, x, y)
       select to_timestamp(($1::bigint + s * 1000) / 1000.0), id,
              (600 + 400 * sin((s + id * 37) / 300.0))::real,
              (400 + 300 * cos((s + id * 53) / 420.0))::real
       from generate_series(0, 3599) s cross join unnest($2::int[]) id`,
      [from, ids],
    );
    process.stdout.write(`\rseeded positions of ${h + 1}/${HOURS} h   `);
  }
  await sql.query('vacuum analyze history_visits');
  await sql.query('vacuum analyze history_positions');
  return { ids };
}

async function main() {
  const db = await throwawayDatabase(ADMIN_DB);
  const sql = await openDatabase({ databaseUrl: db.url, dataDir: 'memory://' });
  try {
    await migrate(sql, MIGRATIONS_DIR);
    const end = Math.floor((Date.now() - 60_000) / 1000) * 1000;
    const start = end - DAYS * DAY_MS;
    const { ids } = await seed(sql, start, end);
    const reports = reportRepository(sql);
    const iso = (t: number) => new Date(t).toISOString();
    const count = (table: string, at: string, from: number, series: readonly number[]) =>
      sql.query(
        `select count(*) from ${table} where series = any($1::int[]) and ${at} >= $2 and ${at} < $3`,
        [series, iso(from), iso(end)],
      );
    const [visits] = await sql.query<{ n: string }>('select count(*) as n from history_visits');
    const [positions] = await sql.query<{ n: string }>(
      'select count(*) as n from history_positions',
    );
    console.log(`\n${machineLine()}`);
    console.log(
      `${fmt(Number(visits!.n))} stays (${ZONES} zones, ${TAGS} tags, ${DAYS} days), ` +
        `${fmt(Number(positions!.n))} positions (${HOURS} h at 1 Hz); median of ${RUNS} runs`,
    );

    // Every zone, as the zone report asks when no zones are named.
    const scope = { series: ids, zones: null, from: start, to: end, now: Date.now() };
    const bucket = reportBucketSeconds(end - start);
    const rows = [
      [
        'zone report: totals',
        () => reports.zoneTotals(scope),
        () => count('history_visits', 'exited_at', start, ids),
      ],
      [
        `zone report: occupancy (${bucket} s buckets)`,
        () => reports.occupancy(scope, bucket),
        () => count('history_visits', 'exited_at', start, ids),
      ],
      [
        'device report: zones and stays of one tag',
        () =>
          Promise.all([
            reports.deviceZones({ ...scope, series: ids.slice(0, 1), zones: null }),
            reports.stays({ ...scope, series: ids.slice(0, 1), zones: null }, 2000),
          ]),
        () => count('history_visits', 'exited_at', start, ids.slice(0, 1)),
      ],
      [
        `device report: path and time seen of one tag (${HOURS} h)`,
        () =>
          reports.movement(ids.slice(0, 1), end - HOURS * 3600_000, end, HISTORY_STATE_LOOKBACK_MS),
        () => count('history_positions', 'at', end - HOURS * 3600_000, ids.slice(0, 1)),
      ],
      [
        `heatmap of every tag from the raw positions (${HOURS} h, 1 m cells at 20 px/m)`,
        () =>
          reports.heatmap(
            ids,
            end - HOURS * 3600_000,
            end,
            20,
            100_001,
            HISTORY_STATE_LOOKBACK_MS,
            null,
          ),
        () => count('history_positions', 'at', end - HOURS * 3600_000, ids),
      ],
    ] as const;
    console.log('report | ms | baseline: count(*) of its rows, ms');
    for (const [name, run, baseline] of rows)
      console.log(`${name} | ${fmt(await median(run), 1)} | ${fmt(await median(baseline), 1)}`);
  } finally {
    await sql.close();
    await db.drop();
  }
}

await main();
