/** Graceful shutdown: what was accepted before close is stored; nothing is taken after. */
import { describe, expect, it } from 'vitest';
import { PipelineClosedError } from '../src/modules/ingest/pipeline.ts';
import { DB_KINDS, countRows, createSignedInUser, startTestApp } from './helpers.ts';

describe.each(DB_KINDS)('graceful shutdown [%s]', (kind) => {
  it('stores the reports submitted just before app.close(), then refuses new ones', async () => {
    const t = await startTestApp(kind);
    try {
      const owner = await createSignedInUser(t.built);
      const base = Date.now() - 10_000;
      const batch = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          gateway: 'AC:23:3F:00:00:01',
          device: 'C3:00:00:00:00:01',
          rssi: -60,
          timestamp: base + from + i,
        }));
      // Not awaited: close() must finish them.
      const pending = [
        t.built.pipeline.submit(owner.id, batch(0, 40)),
        t.built.pipeline.submit(owner.id, batch(40, 25)),
        t.built.pipeline.submit(owner.id, batch(65, 1)),
      ];
      await t.app.close();
      const results = await Promise.all(pending);
      expect(results.map((r) => r.accepted)).toEqual([40, 25, 1]);
      expect(await countRows(t.sql, 'signal_history', owner.id)).toBe(66);
      expect(await countRows(t.sql, 'latest_signals', owner.id)).toBe(1);

      await expect(t.built.pipeline.submit(owner.id, batch(100, 1))).rejects.toBeInstanceOf(
        PipelineClosedError,
      );
      expect(await countRows(t.sql, 'signal_history', owner.id)).toBe(66);
    } finally {
      await t.close();
    }
  });
});
