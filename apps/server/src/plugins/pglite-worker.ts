/**
 * The embedded database in a thread of its own: PGlite runs its queries synchronously in
 * WebAssembly, so on the server's thread every insert would hold up requests and live updates.
 * It answers the calls of pglite-thread.ts (that file holds the protocol).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FromPglite, ToPglite } from './pglite-thread.ts';

const port = parentPort!;
const post = (m: FromPglite) => port.postMessage(m);
/** Thrown inside a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** An error as plain fields (structured clone keeps only some of an Error's). */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err))
    if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

interface Open {
  tx: Transaction;
  finish: (commit: boolean) => void;
}

const { dir } = workerData as { dir: string | undefined };
const db = await PGlite.create(dir).catch((err: unknown) => {
  post({ t: 'failed', error: plain(err) });
  process.exit(1);
});
const open = new Map<number, Open>();
/** Each transaction's end (settles once it committed or rolled back). */
const ends = new Map<number, Promise<unknown>>();
let nextTx = 1;

async function answer(m: Exclude<ToPglite, { op: 'close' }>): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const on = m.tx ? open.get(m.tx)!.tx : db;
      return (await on.query(m.text, m.params as unknown[])).rows;
    }
    case 'exec':
      await (m.tx ? open.get(m.tx)!.tx : db).exec(m.text);
      return null;
    case 'begin':
      return new Promise<number>((started, failed) => {
        const id = nextTx++;
        // PGlite runs one transaction at a time: this callback starts once the others ended.
        const done = db
          .transaction(async (tx) => {
            let finish!: (commit: boolean) => void;
            const ended = new Promise<boolean>((r) => (finish = r));
            open.set(id, { tx, finish });
            started(id);
            if (!(await ended)) throw ROLLBACK;
          })
          .catch((err: unknown) => {
            if (err !== ROLLBACK) throw err;
          });
        ends.set(id, done);
        done.catch(failed);
      });
    case 'end': {
      open.get(m.tx)!.finish(m.commit);
      try {
        await ends.get(m.tx);
      } finally {
        open.delete(m.tx);
        ends.delete(m.tx);
      }
      return null;
    }
  }
}

port.on('message', (m: ToPglite) => {
  if (m.op === 'close') {
    void db.close().finally(() => {
      post({ t: 'closed' });
      port.close();
    });
    return;
  }
  answer(m).then(
    (value) => post({ t: 'done', id: m.id, value }),
    (err: unknown) => post({ t: 'error', id: m.id, error: plain(err) }),
  );
});
post({ t: 'ready' });
