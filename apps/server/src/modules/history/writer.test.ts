import { HISTORY_HEARTBEAT_MS } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import type { HistoryPartitions } from './partitions.ts';
import type { HistoryRepository, PositionRow, VisitRow } from './repository.ts';
import { createHistoryWriter } from './writer.ts';

/** A repository that keeps rows in arrays, failing while `down` is set. */
function memoryRepo() {
  const positions: PositionRow[] = [];
  const visits: VisitRow[] = [];
  const state = { down: false };
  const check = () => {
    if (state.down) throw new Error('database down');
  };
  const repo = {
    series: async (keys: readonly unknown[]) => (check(), keys.map((_, i) => i + 1)),
    touch: async () => check(),
    insertPositions: async (rows: readonly PositionRow[]) => (
      check(),
      void positions.push(...rows)
    ),
    insertVisits: async (rows: readonly VisitRow[]) => (check(), void visits.push(...rows)),
  } as unknown as HistoryRepository;
  const partitions = { ensureFor: async () => undefined } as unknown as HistoryPartitions;
  return { repo, partitions, positions, visits, state };
}

const PPM = 20; // 0.3 m = 6 px
const fix = (at: number, x: number, y = 0) => ({ ownerId: 'o', mac: 'M', mapId: 'm', x, y, at });

describe('history writer', () => {
  it('tells the ended stays it has not written yet, queued or being written', async () => {
    const m = memoryRepo();
    const w = createHistoryWriter({ ...m, pixelsPerMetre: () => PPM, timers: false });
    const stay = {
      ownerId: 'o',
      mac: 'M',
      mapId: 'm',
      zoneId: 'z',
      enteredAt: 1_000,
      exitedAt: 9_000,
      reason: 'left' as const,
    };
    w.visit(stay);
    w.visit({ ...stay, mapId: 'other' });
    expect(w.unwrittenVisits('m', 'o')).toEqual([stay]);
    expect(w.unwrittenVisits('m', 'someone else')).toEqual([]);
    // While the batch is written, it is still unwritten; after, it is in the database.
    let release = () => {};
    const insert = m.repo.insertVisits;
    m.repo.insertVisits = async (rows) => {
      await new Promise<void>((r) => (release = r));
      return insert(rows);
    };
    const flushed = w.flush();
    await new Promise((r) => setImmediate(r));
    expect(w.unwrittenVisits('m', 'o')).toEqual([stay]);
    release();
    await flushed;
    expect(w.unwrittenVisits('m', 'o')).toEqual([]);
    expect(m.visits).toHaveLength(2);
  });

  it('keeps at most one position per device, map and second', async () => {
    const m = memoryRepo();
    const w = createHistoryWriter({ ...m, pixelsPerMetre: () => PPM, timers: false });
    w.position(fix(1_000, 0));
    w.position(fix(1_800, 50));
    w.position(fix(2_100, 100));
    await w.flush();
    expect(m.positions.map((p) => p.at)).toEqual([1_000, 2_100]);
    expect(w.stats()).toMatchObject({ written: 2, thinned: 1, dropped: 0 });
  });

  it('keeps a tag standing still once per heartbeat, and a move beyond 0.3 m at once', async () => {
    const m = memoryRepo();
    const w = createHistoryWriter({ ...m, pixelsPerMetre: () => PPM, timers: false });
    for (let s = 0; s <= 130; s++) w.position(fix(s * 1000, s % 2 === 0 ? 0 : 5)); // 0.25 m jitter
    w.position(fix(131_000, 7)); // 0.35 m from the last kept
    await w.flush();
    expect(m.positions.map((p) => p.at)).toEqual([
      0,
      HISTORY_HEARTBEAT_MS,
      2 * HISTORY_HEARTBEAT_MS,
      131_000,
    ]);
  });

  it('drops and counts rows beyond its bound instead of growing, and keeps the rest for later', async () => {
    const m = memoryRepo();
    const w = createHistoryWriter({ ...m, pixelsPerMetre: () => PPM, maxQueued: 3, timers: false });
    m.state.down = true;
    for (let s = 0; s < 5; s++) w.position(fix(s * 1000, s * 100));
    expect(w.stats()).toMatchObject({ queued: 3, dropped: 2 });
    await w.flush();
    expect(m.positions).toEqual([]);
    m.state.down = false;
    await w.flush();
    expect(m.positions.map((p) => p.at)).toEqual([0, 1_000, 2_000]);
    expect(w.stats()).toMatchObject({ queued: 0, written: 3, dropped: 2 });
  });

  it('writes ended zone stays as visits', async () => {
    const m = memoryRepo();
    const w = createHistoryWriter({ ...m, pixelsPerMetre: () => PPM, timers: false });
    w.visit({
      ownerId: 'o',
      mac: 'M',
      mapId: 'm',
      zoneId: 'z',
      enteredAt: 1,
      exitedAt: 9,
      reason: 'left',
    });
    await w.flush();
    expect(m.visits).toEqual([
      { series: 1, zoneId: 'z', enteredAt: 1, exitedAt: 9, reason: 'left' },
    ]);
  });
});
