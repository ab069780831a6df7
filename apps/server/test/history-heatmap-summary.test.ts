/**
 * The heatmap's summary on both databases: complete five-minute spans are summed per cell, a
 * heatmap of the whole map reads them for its whole spans and the raw positions at its edges, and
 * gives exactly what a recount of the raw positions gives (any edges, cells of one metre and their
 * multiples, a period ending within the lookback of a span's end); a position written late into a
 * summed span has it summed anew; the summary's partitions are made ahead and dropped with the
 * positions'.
 */
import { HISTORY_STATE_LOOKBACK_MS, type HeatmapResponse } from '@rtls/contract';
import { expect, it } from 'vitest';
import { CELL_SPAN_MS, wholeSpans } from '../src/modules/history/cell-rollup.ts';
import { dayPartition } from '../src/modules/history/partitions.ts';
import { bearer, describeEachDb, type SignedIn } from './helpers.ts';
import { rawPositions, recountHeatmap } from './history-recount.ts';
import { ownMap } from './zones-helpers.ts';

const MIN = 60_000;
const MACS = ['C3:00:00:00:E0:01', 'C3:00:00:00:E0:02', 'C3:00:00:00:E0:03'];

/** A small deterministic generator (the same walks on every run). */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

it('reads whole spans only where the rest of the period outlasts the lookback', () => {
  const s = 1_000 * CELL_SPAN_MS;
  expect(wholeSpans(s, s + 3 * CELL_SPAN_MS)).toEqual({ from: s, to: s + 3 * CELL_SPAN_MS });
  expect(wholeSpans(s + 1, s + 3 * CELL_SPAN_MS + HISTORY_STATE_LOOKBACK_MS)).toEqual({
    from: s + CELL_SPAN_MS,
    to: s + 3 * CELL_SPAN_MS,
  });
  // Ending 30 s after a span's end: that span is read raw, as the period's end bounds it.
  expect(wholeSpans(s, s + 3 * CELL_SPAN_MS + 30_000)).toEqual({
    from: s,
    to: s + 2 * CELL_SPAN_MS,
  });
  expect(wholeSpans(s + 1, s + CELL_SPAN_MS + 30_000)).toBeNull();
});

describeEachDb(
  'history heatmap summary',
  (t) => {
    let owner: SignedIn;
    let mapId: string;
    /** Three hours ago, 17 s past a span's start: the walks start there and last 80 minutes. */
    const t0 = Math.floor((Date.now() - 3 * 3600_000) / CELL_SPAN_MS) * CELL_SPAN_MS + 17_000;
    const span = (k: number) => t0 - 17_000 + k * CELL_SPAN_MS;
    const iso = (ms: number) => new Date(ms).toISOString();

    const heatmap = async (from: number, to: number, cell: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/maps/${mapId}/history/heatmap?from=${iso(from)}&to=${iso(to)}&cell=${cell}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as HeatmapResponse;
    };

    /** The heatmap of [from, to) equals the recount of the raw positions. */
    async function expectRecount(from: number, to: number, cell: number) {
      const body = await heatmap(from, to, cell);
      const raw = await rawPositions(t.sql, mapId, from, to);
      const want = recountHeatmap(raw, to, body.cellPixels, HISTORY_STATE_LOOKBACK_MS);
      expect(new Map(body.cells.map((c) => [`${c.i},${c.j}`, c.n]))).toEqual(want.counts);
      for (const c of body.cells)
        expect(c.seconds, `${c.i},${c.j}`).toBeCloseTo(want.seconds.get(`${c.i},${c.j}`)!, 6);
      expect(body.total).toBe(raw.length);
      return body;
    }

    t.setup(async () => {
      ({ owner, mapId } = await ownMap(t.built));
      const w = t.built.history.writer;
      const rnd = lcg(11);
      // A point every 1–9 s, a silence of 7 minutes in the middle, a jump now and then.
      for (const [k, mac] of MACS.entries()) {
        let [x, y] = [100 + 60 * k, 80];
        for (let at = t0 + k * 1300; at < t0 + 80 * MIN; at += 1000 * Math.ceil(rnd() * 9)) {
          if (at > t0 + 30 * MIN && at < t0 + 37 * MIN) continue;
          x = Math.max(0, x + (rnd() - 0.5) * (rnd() < 0.05 ? 400 : 40));
          y = Math.max(0, y + (rnd() - 0.5) * (rnd() < 0.05 ? 300 : 30));
          w.position({ ownerId: owner.id, mac, mapId, x, y, at });
        }
      }
      await w.flush();
    });

    it('sums complete spans and reads them to give what the raw positions give', async () => {
      const summary = t.built.history.cells;
      const cellPx = (await heatmap(span(0), span(20), 1)).cellPixels;
      expect(await summary.plan(mapId, owner.id, span(0), span(20), cellPx)).toBeNull();
      // Every span the walks lived in holds positions (the silence is within their lives). A pass
      // with no time to spare sums the newest run of twelve; the spans after the walks are empty.
      expect(await t.built.history.sumCells(undefined, 0)).toBe(12);
      expect(await summary.plan(mapId, owner.id, span(0), span(20), cellPx)).toMatchObject({
        from: span(5),
        to: span(20),
      });
      await expectRecount(span(0), span(20), 1);
      await expectRecount(t0 - MIN, t0 + 80 * MIN, 2);
      expect(await t.built.history.sumCells()).toBe(5);
      const names = (await t.built.history.partitions.list('history_cells')).map((p) => p.name);
      expect(names).toContain(dayPartition(t0, 'history_cells').name);

      const plan = await summary.plan(mapId, owner.id, span(0), span(20), cellPx);
      expect(plan).toMatchObject({ from: span(0), to: span(20), factor: 1 });
      expect(plan!.boundedSpan).toBe(span(19));
      const ranges: [number, number][] = [
        [span(0), span(20)],
        [t0 - MIN, t0 + 80 * MIN],
        [span(2) + 12_345, span(9) + 200_000],
        // Ending within the lookback of a span's end, and just past it.
        [span(1) + 1000, span(6) + 30_000],
        [span(1) + 1000, span(6) + HISTORY_STATE_LOOKBACK_MS],
        // Across the silence, and shorter than a span.
        [span(5), span(9)],
        [span(3) + 10_000, span(3) + 200_000],
      ];
      for (const [from, to] of ranges)
        for (const cell of [1, 2, 3, 0.5]) await expectRecount(from, to, cell);
      expect(await t.built.history.sumCells()).toBe(0);
    });

    it('sums a span anew once a late position was written into it', async () => {
      await t.built.history.sumCells();
      const w = t.built.history.writer;
      const cellPx = (await heatmap(span(0), span(20), 1)).cellPixels;
      // A device heard late (its fixes come in time order: a new one, for a time long past).
      w.position({
        ownerId: owner.id,
        mac: 'C3:00:00:00:E0:09',
        mapId,
        x: 999,
        y: 999,
        at: span(4) + 1,
      });
      await w.flush();
      // The span (and the one before, whose last position's time it may end) is read raw until
      // summed again, then from the summary: both give the recount.
      const plan = await t.built.history.cells.plan(mapId, owner.id, span(0), span(20), cellPx);
      expect(plan).toMatchObject({ from: span(5), to: span(20) });
      const before = await expectRecount(span(0), span(20), 1);
      expect(before.cells.some((c) => c.i === Math.floor(999 / cellPx))).toBe(true);
      await t.built.history.sumCells();
      expect(
        await t.built.history.cells.plan(mapId, owner.id, span(0), span(20), cellPx),
      ).toMatchObject({ to: span(20) });
      expect(await expectRecount(span(0), span(20), 1)).toEqual(before);
    });

    it('reads raw positions for a choice of devices, and the summary only for the whole map', async () => {
      await t.built.history.sumCells();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/maps/${mapId}/history/heatmap?from=${iso(span(0))}&to=${iso(span(20))}&devices=${MACS[1]}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const one = res.json() as HeatmapResponse;
      const raw = (await rawPositions(t.sql, mapId, span(0), span(20))).filter(
        (p) => p.mac === MACS[1],
      );
      expect(one.total).toBe(raw.length);
      expect(one.total).toBeLessThan((await heatmap(span(0), span(20), 1)).total);
    });
  },
  { config: { alertingTimers: false } },
);
