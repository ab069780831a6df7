/** Health, readiness and Prometheus metrics. */
import { describe, expect, it } from 'vitest';
import type { Sql } from '../src/lib/db.ts';
import { createIngestKey, createSignedInUser, describeEachDb, useTestApp } from './helpers.ts';

describeEachDb('operations endpoints', (t) => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('exports ingest counters by reason, latency, sockets and event-loop delay', async () => {
    const u = await createSignedInUser(t.built, 'metrics');
    const key = await createIngestKey(t.built, u.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { 'x-ingest-key': key },
      payload: [
        { gateway: 'AA:00:00:00:00:01', device: 'BB:00:00:00:00:01', rssi: -60 },
        { gateway: 'AA:00:00:00:00:01', device: 'not-a-mac', rssi: -60 },
        { gateway: 'AA:00:00:00:00:01', device: 'BB:00:00:00:00:02', rssi: 'loud' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const metrics = await t.app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.body;
    expect(text).toMatch(/^rtls_ingest_reports_accepted_total \d+/m);
    expect(
      Number(/^rtls_ingest_reports_accepted_total (\d+)/m.exec(text)![1]),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^rtls_ingest_reports_rejected_total\{reason="bad_device_mac"\} 1$/m);
    expect(text).toMatch(/^rtls_ingest_reports_rejected_total\{reason="bad_rssi"\} 1$/m);
    expect(text).toMatch(/^rtls_ingest_to_update_seconds_count \d+/m);
    expect(text).toMatch(/^rtls_ingest_reports_shed_total 0$/m);
    expect(text).toMatch(/^rtls_ingest_reports_pending \d+$/m);
    expect(text).toMatch(/^rtls_realtime_sockets 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^rtls_realtime_pending_updates 0$/m);
    expect(text).toMatch(/^rtls_positions_locates_total \d+$/m);
    expect(text).toMatch(/^rtls_positions_locating_seconds_total [\d.e+-]+$/m);
    if (t.kind === 'postgres') {
      expect(text).toMatch(/^rtls_db_pool_connections\{state="total"\} [1-9]\d*$/m);
      expect(text).toMatch(/^rtls_db_pool_connections\{state="waiting"\} \d+$/m);
    } else {
      expect(text).not.toMatch(/^rtls_db_pool_connections/m);
    }
  });
});

describe('readiness with the database down', () => {
  let down = false;
  const failing = (sql: Sql): Sql => ({
    ...sql,
    query: (text, params) =>
      down ? Promise.reject(new Error('database unreachable')) : sql.query(text, params),
  });
  const t = useTestApp('pglite', { wrapSql: failing });

  it('answers 503 and names the failing dependency', async () => {
    down = true;
    try {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        checks: { database: 'database unreachable' },
      });
    } finally {
      down = false;
    }
  });
});
