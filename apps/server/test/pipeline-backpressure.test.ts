/** A burst faster than publishing: new reports wait for publishing to catch up, nothing is lost. */
import { expect, it } from 'vitest';
import { createPipeline } from '../src/modules/ingest/pipeline.ts';
import { createLiveModule } from '../src/modules/live/module.ts';
import { liveRepository } from '../src/modules/live/repository.ts';
import { useAccountDatabase } from './account-database.ts';

const db = useAccountDatabase('bp');

const report = (i: number) => ({
  gateway: 'AC:23:3F:00:00:01',
  device: `C3:00:00:00:00:${String(i).padStart(2, '0')}`,
  rssi: -60,
  timestamp: Date.now(),
});
const stored = async () =>
  (await db.sql.query<{ n: number }>('select count(*)::int as n from signal_history'))[0]!.n;

it('takes no more reports while those taken before are not yet published', async () => {
  let release = () => undefined as void;
  const held = new Promise<void>((r) => (release = r));
  const located: number[] = [];
  // Locating holds the live path: in one process, sending a report is receiving it.
  const live = createLiveModule({
    repo: liveRepository(db.sql),
    positions: {
      observe: async (_owner, reports) => {
        located.push(reports.length);
        await held;
      },
      locatedOf: () => [],
      leftMaps: () => [],
      adoptRemote: () => undefined,
      onLocated: () => undefined,
    },
    realtime: { publish: () => undefined, onRemoteUpdates: () => undefined },
    streamUrl: null,
    maxUnsent: 2,
  });
  const pipeline = createPipeline({ sql: db.sql, live: live.intake, maxDelayMs: 1 });
  const close = async () => {
    await pipeline.close();
    await live.close();
  };
  try {
    const first = await pipeline.submit('u1', [report(1), report(2)]);
    expect(first.accepted).toBe(2);
    // Publishing the first two has not finished: the next caller waits, its reports untaken.
    let secondDone = false;
    const second = pipeline.submit('u1', [report(3)]).then((r) => {
      secondDone = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(secondDone).toBe(false);
    expect(await stored()).toBe(2);
    release();
    expect((await second).accepted).toBe(1);
    expect(await stored()).toBe(3);
    await close();
    expect(located).toEqual([2, 1]);
  } finally {
    release();
    await close().catch(() => undefined);
  }
});
