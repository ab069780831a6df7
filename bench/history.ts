/**
 * History at scale on a real PostgreSQL (a throwaway database): seeds N tags × H hours of positions
 * at 1 Hz on one map, then prints the bytes per position row with its index, the state at a moment
 * (p95 over random moments, through the API: a replay's first frame), a device's 24 hours, a page
 * of the whole map, the heatmap's summary of the seeded spans and the heatmap, the windows a replay
 * loads ahead at 1× and 60×, and how much a server's RSS grows during a CSV export of every seeded
 * row; last, the live path's latency while the seeded partitions older than today are dropped
 * under ingest at --drop-rate reports/s
 * (history-drop.ts).
 *
 *   npm run bench:history                                # 50 tags × 6 h (about a million rows)
 *   npm run bench:history -- --tags 500 --hours 24       # the issue's 43 million rows
 *   flags: --moments 200  --export-hours <H>  --exports 1  --drop-rate 10000  --drop-seconds 30
 *   (BENCH_DATABASE_URL: the PostgreSQL; --drop-rate 0 leaves the drop out)
 */
import {
  DEFAULT_PIXELS_PER_METRE,
  HISTORY_MAX_LIMIT,
  HISTORY_STATE_LOOKBACK_MS,
  type HistoryPositionsResponse,
} from '@rtls/contract';
import { migrate, MIGRATIONS_DIR, openDatabase } from '../apps/server/src/lib/db.ts';
import { cellRollup } from '../apps/server/src/modules/history/cell-rollup.ts';
import { dayPartition, historyPartitions } from '../apps/server/src/modules/history/partitions.ts';
import { dropUnderIngest } from './lib/history-drop.ts';
import { machineLine } from './lib/machine.ts';
import { api, EMAIL, GATEWAYS, PASSWORD } from './lib/pipeline-fleet.ts';
import { addAccount, rssOf, startServerProcess, throwawayDatabase } from './lib/server.ts';
import { quantile } from './lib/stats.ts';
import { flag, positiveFlag } from './lib/args.ts';

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const TAGS = Math.round(positiveFlag('tags', 50));
const HOURS = positiveFlag('hours', 6);
const MOMENTS = Math.round(positiveFlag('moments', 200));
const EXPORT_HOURS = Math.min(positiveFlag('export-hours', HOURS), HOURS);
/** Exports run one after the other: a server holding on to memory shows it growing across them. */
const EXPORTS = Math.round(positiveFlag('exports', 1));
/** Reports a second while partitions are dropped (each of the fleet's gateways hears every tag). */
const DROP_RATE = Number(flag('drop-rate', '10000'));
const DROP_SECONDS = Math.round(positiveFlag('drop-seconds', 30));
const HOUR_MS = 3600_000;

const ms = (t0: number) => performance.now() - t0;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const db = await throwawayDatabase(ADMIN_DB);
  const env = { DATABASE_URL: db.url };
  const sql = await openDatabase({ databaseUrl: db.url, dataDir: 'memory://' });
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    await migrate(sql, MIGRATIONS_DIR);
    await addAccount(env, EMAIL, PASSWORD);
    server = await startServerProcess(env);
    const base = server.url;
    const { data } = await api<{ data: { token: string } }>(
      `${base}/api/user/signin`,
      null,
      'POST',
      {
        email: EMAIL,
        password: PASSWORD,
      },
    );
    const token = data.token;
    const { map } = await api<{ map: { _id: string } }>(`${base}/api/maps`, token, 'POST', {
      name: 'History bench',
    });
    const mapId = map._id;
    const [owner] = await sql.query<{ id: string }>('select id from users where email = $1', [
      EMAIL,
    ]);

    // The range ends a minute ago, on a whole second.
    const end = Math.floor((Date.now() - 60_000) / 1000) * 1000;
    const start = end - HOURS * HOUR_MS;
    const series = await sql.query<{ id: number }>(
      `insert into history_series (map_id, owner_id, mac, first_at, last_at)
       select $1, $2, 'C3:B0:00:' || lpad(to_hex(i / 256), 2, '0') || ':' || lpad(to_hex(i % 256), 2, '0') || ':00',
              $3, $4
       from generate_series(0, $5 - 1) i returning id`,
      [mapId, owner!.id, new Date(start).toISOString(), new Date(end).toISOString(), TAGS],
    );
    const ids = series.map((s) => s.id);
    const partitions = historyPartitions(sql);
    const days: number[] = [];
    for (let t = start; t <= end + 86_400_000; t += 3600_000) days.push(t);
    await partitions.ensureFor('history_positions', days);

    // Seed as the live path writes: every tag's second, in time order, an hour per statement.
    const seedT0 = performance.now();
    for (let h = 0; h < HOURS; h++) {
      const from = start + h * HOUR_MS;
      await sql.query(
        `insert into history_positions (at, series, x, y)
         select to_timestamp(($1::bigint + s * 1000) / 1000.0), id,
                (600 + 400 * sin((s + id * 37) / 300.0))::real,
                (400 + 300 * cos((s + id * 53) / 420.0))::real
         from generate_series(0, $3::int - 1) s cross join unnest($2::int[]) id`,
        [from, ids, Math.round(Math.min(HOUR_MS, end - from) / 1000)],
      );
      process.stdout.write(`\rseeded ${h + 1}/${HOURS} h`);
    }
    await sql.exec('vacuum analyze history_positions');
    const seedS = ms(seedT0) / 1000;
    const [size] = await sql.query<{ rows: number; total: number; heap: number; index: number }>(
      `select (select count(*) from history_positions)::bigint as rows,
              sum(pg_total_relation_size(relid))::bigint as total,
              sum(pg_relation_size(relid))::bigint as heap,
              sum(pg_indexes_size(relid))::bigint as index
       from pg_partition_tree('history_positions') where isleaf`,
    );
    const rows = Number(size!.rows);
    console.log(
      `\nseeded ${fmt(rows)} positions (${TAGS} tags × ${HOURS} h at 1 Hz) in ${fmt(seedS, 1)} s`,
    );

    // The heatmap's summary of the seeded spans, as the server sums them once complete (its own
    // pass may have marked spans while they were being seeded: they are summed anew here).
    await sql.exec('delete from history_cells_done; delete from history_cells');
    const summaryT0 = performance.now();
    const summary = cellRollup(sql, { partitions, pixelsPerMetre: () => DEFAULT_PIXELS_PER_METRE });
    const summed = await summary.sumDue(Date.now(), start - HOUR_MS);
    const summaryS = ms(summaryT0) / 1000;
    await sql.exec('vacuum analyze history_cells');
    const [cellRows] = await sql.query<{ n: number }>(
      'select count(*)::int as n from history_cells',
    );

    const get = async (path: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as unknown;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      return { body, ms: ms(t0) };
    };
    const iso = (t: number) => new Date(t).toISOString();

    // Baseline in the same run: the health check, one round trip with no database work.
    const health: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      health.push(ms(t0));
    }
    const moments: number[] = [];
    let found = 0;
    for (let i = 0; i < MOMENTS; i++) {
      const at = start + 120_000 + Math.random() * (end - start - 120_000);
      const r = await get(`/api/maps/${mapId}/history/state?at=${iso(at)}`);
      moments.push(r.ms);
      found += (r.body as { devices: unknown[] }).devices.length;
    }
    const dayFrom = Math.max(start, end - 24 * HOUR_MS);
    const device = 'C3:B0:00:00:00:00';
    let devicePoints = 0;
    const dayT0 = performance.now();
    let cursor: string | null = null;
    do {
      const page: { body: unknown } = await get(
        `/api/maps/${mapId}/history/positions?from=${iso(dayFrom)}&to=${iso(end)}&devices=${device}` +
          `&limit=${HISTORY_MAX_LIMIT}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const body = page.body as HistoryPositionsResponse;
      for (const d of body.devices) devicePoints += d.points.length;
      cursor = body.next;
    } while (cursor);
    const dayMs = ms(dayT0);
    const mapPage = await get(
      `/api/maps/${mapId}/history/positions?from=${iso(dayFrom)}&to=${iso(end)}&limit=${HISTORY_MAX_LIMIT}`,
    );
    // The heatmap layer of the same span: every tag's time per 1 m cell.
    const heatmap = await get(
      `/api/maps/${mapId}/history/heatmap?from=${iso(dayFrom)}&to=${iso(end)}&cell=1`,
    );
    const heatCells = (heatmap.body as { cells: unknown[] }).cells.length;
    // Replay's windows: every tag's positions over the window the console asks for ahead of the
    // replayed moment at 1× (2 minutes) and at 60× (20 minutes), each with the state lookback on
    // both sides, in pages; what matters is loading a window in less than it takes to play.
    const windowLoads = [];
    for (const { speed, aheadMs } of [
      { speed: 1, aheadMs: 2 * 60_000 },
      { speed: 60, aheadMs: 20 * 60_000 },
    ]) {
      const room = Math.max(0, end - start - aheadMs - 2 * HISTORY_STATE_LOOKBACK_MS);
      const at = start + HISTORY_STATE_LOOKBACK_MS + Math.random() * room;
      const from = at - HISTORY_STATE_LOOKBACK_MS;
      const to = Math.min(end, at + aheadMs + HISTORY_STATE_LOOKBACK_MS);
      const t0 = performance.now();
      let points = 0;
      let next: string | null = null;
      do {
        const page: { body: unknown } = await get(
          `/api/maps/${mapId}/history/positions?from=${iso(from)}&to=${iso(to)}` +
            `&limit=${HISTORY_MAX_LIMIT}${next ? `&cursor=${next}` : ''}`,
        );
        const body = page.body as HistoryPositionsResponse;
        for (const d of body.devices) points += d.points.length;
        next = body.next;
      } while (next);
      windowLoads.push({ speed, aheadMs, points, ms: ms(t0) });
    }

    // Export: every row of the range through the API, read as it streams; the server's RSS sampled.
    const exportFrom = end - EXPORT_HOURS * HOUR_MS;
    const rssBefore = rssOf(server.pid) ?? 0;
    const expected = Math.round(TAGS * EXPORT_HOURS * 3600);
    const runExport = async (pid: number) => {
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(pid) ?? 0);
      }, 100);
      const t0 = performance.now();
      const res = await fetch(
        `${base}/api/maps/${mapId}/history/export?kind=positions&from=${iso(exportFrom)}&to=${iso(end)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      // The server's RSS as each quarter of the rows has arrived: flat when memory is constant.
      const quarters: number[] = [];
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
        if (lines - 1 >= ((quarters.length + 1) * expected) / 4) quarters.push(rssOf(pid) ?? 0);
      }
      clearInterval(sampler);
      return { bytes, rows: lines - 1, seconds: ms(t0) / 1000, quarters, peak };
    };
    const exports = [];
    for (let i = 0; i < EXPORTS; i++) exports.push(await runExport(server.pid));

    // Last, as it removes seeded rows: the partitions older than today dropped under ingest.
    const drop =
      DROP_RATE > 0
        ? await dropUnderIngest(server, sql, {
            rate: DROP_RATE,
            seconds: DROP_SECONDS,
            devices: Math.round(DROP_RATE / GATEWAYS),
            keepFrom: dayPartition(end).from,
          })
        : null;

    const mb = (b: number) => fmt(b / 2 ** 20, 1);
    console.log('');
    console.log(`| figure | value |`);
    console.log(`| --- | --- |`);
    console.log(`| positions stored | ${fmt(rows)} (${TAGS} tags × ${HOURS} h, 1 Hz) |`);
    console.log(
      `| bytes per position row with its index | ${fmt(Number(size!.total) / rows, 1)} ` +
        `(heap ${fmt(Number(size!.heap) / rows, 1)}, index ${fmt(Number(size!.index) / rows, 1)}; target ≤ 120) |`,
    );
    console.log(
      `| state at a moment, p95 over ${MOMENTS} moments (API) | ${fmt(quantile(moments, 0.95), 1)} ms ` +
        `(median ${fmt(quantile(moments, 0.5), 1)} ms, ${fmt(found / MOMENTS, 1)} tags each; target ≤ 300 ms) |`,
    );
    console.log(
      `| baseline: health check p95 (same server) | ${fmt(quantile(health, 0.95), 1)} ms |`,
    );
    console.log(
      `| one device's ${fmt((end - dayFrom) / HOUR_MS)} h of positions (API, pages of ${fmt(HISTORY_MAX_LIMIT)}) | ` +
        `${fmt(dayMs)} ms for ${fmt(devicePoints)} points |`,
    );
    console.log(
      `| first page of the whole map's ${fmt((end - dayFrom) / HOUR_MS)} h (API) | ${fmt(mapPage.ms)} ms for ` +
        `${fmt(HISTORY_MAX_LIMIT)} points |`,
    );
    console.log(
      `| the heatmap's summary of the ${fmt(HOURS)} h (5-minute spans) | ${fmt(summed)} spans in ` +
        `${fmt(summaryS, 1)} s (${fmt((summaryS * 1000) / summed, 1)} ms a span), ` +
        `${fmt(cellRows!.n)} rows |`,
    );
    console.log(
      `| heatmap of the whole map's ${fmt((end - dayFrom) / HOUR_MS)} h, 1 m cells (API) | ` +
        `${fmt(heatmap.ms)} ms for ${fmt(heatCells)} cells (target ≤ 2 s) |`,
    );
    for (const w of windowLoads)
      console.log(
        `| replay window at ${w.speed}× (${fmt(w.aheadMs / 60_000)} min ahead, every tag, with the ` +
          `lookback) | ${fmt(w.ms)} ms for ${fmt(w.points)} points; played in ` +
          `${fmt(w.aheadMs / w.speed / 1000)} s |`,
      );
    exports.forEach((e, i) => {
      const which = EXPORTS > 1 ? ` (${i + 1} of ${EXPORTS})` : '';
      console.log(
        `| CSV export of ${fmt(EXPORT_HOURS)} h${which} | ${fmt(e.rows)} rows, ${mb(e.bytes)} MB in ` +
          `${fmt(e.seconds, 1)} s (${fmt(e.rows / e.seconds)} rows/s) |`,
      );
      console.log(
        `| server RSS during it | ${mb(rssBefore)} MB before the first, ${mb(e.peak)} MB at peak: ` +
          `+${mb(e.peak - rssBefore)} MB (target < 100 MB for 10 M rows); after each quarter of ` +
          `the rows ${e.quarters.map((q) => `${mb(q)}`).join(', ')} MB |`,
      );
    });
    if (drop)
      console.log(
        `| partitions older than today dropped under ingest at ${fmt(drop.rate)} reports/s | ` +
          `${drop.dropped.length} (${fmt(drop.droppedRows)} rows) in ${fmt(drop.dropMs)} ms; positioned ` +
          `p99 of the worst second ${fmt(drop.worstP99.before)} ms before, ${fmt(drop.worstP99.around)} ms in the 3 s ` +
          `from the drop, ${fmt(drop.worstP99.after)} ms after (steady p99 ${fmt(drop.steadyP99)} ms, ` +
          `${fmt(drop.failed)} reports failed; target p99 ≤ 100 ms) |`,
      );
    console.log('');
    console.log(machineLine());
  } finally {
    await server?.stop();
    await sql.close();
    await db.drop();
  }
}

await main();
