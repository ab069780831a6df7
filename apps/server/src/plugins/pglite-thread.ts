/**
 * Calls to the embedded database in its own thread (pglite-worker.ts): queries and statements,
 * and transactions held open in the worker between calls, one at a time as in PGlite itself.
 */
import { Worker } from 'node:worker_threads';

export type ToPglite =
  | { id: number; op: 'query'; text: string; params: readonly unknown[]; tx: number }
  | { id: number; op: 'exec'; text: string; tx: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

export type FromPglite =
  | { t: 'ready' }
  | { t: 'failed'; error: Record<string, unknown> }
  | { t: 'done'; id: number; value: unknown }
  | { t: 'error'; id: number; error: Record<string, unknown> }
  | { t: 'closed' };

/** A call without its id (the id is added when it is sent). */
type Call = ToPglite extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

/** The worker's error as an Error again, with its fields (a SQLSTATE `code`, `detail`, ...). */
const revive = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields);

export interface PgliteThread {
  /** `tx` 0: outside any transaction. */
  query<R>(text: string, params: readonly unknown[], tx: number): Promise<R[]>;
  exec(text: string, tx: number): Promise<void>;
  /** Open a transaction (waits for the one under way to end); its id. */
  begin(): Promise<number>;
  end(tx: number, commit: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Start PGlite at `dir` (in memory without one) in a worker thread. */
export async function startPgliteThread(dir: string | undefined): Promise<PgliteThread> {
  const worker = new Worker(new URL('../lib/worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./pglite-worker.ts', import.meta.url).href, dir },
  });
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let closed: (() => void) | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: FromPglite) => {
      if (m.t === 'ready') return resolve();
      if (m.t === 'failed') return reject(revive(m.error));
      if (m.t === 'closed') return closed?.();
      const call = calls.get(m.id);
      calls.delete(m.id);
      if (m.t === 'done') call?.resolve(m.value);
      else call?.reject(revive(m.error));
    });
    worker.on('error', reject);
    worker.once('exit', () => {
      reject(new Error('The database thread terminated before it was ready'));
      for (const c of calls.values()) c.reject(new Error('The database thread terminated'));
      calls.clear();
      closed?.();
    });
  });
  await ready;

  function call<T>(m: Call): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...m, id });
    });
  }

  return {
    query: (text, params, tx) => call({ op: 'query', text, params, tx }),
    exec: (text, tx) => call({ op: 'exec', text, tx }),
    begin: () => call({ op: 'begin' }),
    end: (tx, commit) => call({ op: 'end', tx, commit }),
    close: () =>
      new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ op: 'close' } satisfies ToPglite);
      }),
  };
}
