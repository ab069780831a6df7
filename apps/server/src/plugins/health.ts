/** Liveness (GET /healthz) and readiness (GET /readyz: database plus any registered probe). */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '../lib/db.ts';

export type ReadinessProbes = Record<string, () => Promise<'ok' | string>>;

export function registerHealth(app: FastifyInstance, sql: Sql, probes: ReadinessProbes) {
  const opts = { config: { public: true }, schema: { hide: true } };
  app.get('/healthz', opts, async () => ({ status: 'ok' }));
  app.get('/readyz', opts, async (_req, reply) => {
    const checks: Record<string, string> = {};
    checks.database = await sql.query('select 1').then(
      () => 'ok',
      (err: Error) => err.message,
    );
    for (const [name, probe] of Object.entries(probes)) {
      checks[name] = await probe().catch((err: Error) => err.message);
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    if (!ready) void reply.header('retry-after', '5');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
