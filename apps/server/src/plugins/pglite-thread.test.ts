import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from './db.ts';

describe('PGlite on disk, in a thread of its own', () => {
  let dir: string;
  let sql: Sql;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-pglite-thread-'));
    sql = await openDatabase({ databaseUrl: null, dataDir: dir });
    await sql.exec('create table t (id int primary key, at timestamptz, blob bytea, doc jsonb)');
  }, 60_000);
  afterAll(async () => {
    await sql?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with their values as PGlite gives them', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await sql.query('insert into t values ($1, $2, $3, $4)', [
      1,
      at,
      Buffer.from([1, 2, 3]),
      JSON.stringify({ a: [1] }),
    ]);
    const [row] = await sql.query<{ id: number; at: Date; blob: Uint8Array; doc: unknown }>(
      'select * from t where id = $1',
      [1],
    );
    expect(row!.id).toBe(1);
    expect(row!.at).toEqual(at);
    expect([...row!.blob]).toEqual([1, 2, 3]);
    expect(row!.doc).toEqual({ a: [1] });
  });

  it('passes on an error with its SQLSTATE code', async () => {
    await expect(sql.query('insert into t (id) values (1)')).rejects.toMatchObject({
      code: '23505',
      message: expect.stringMatching(/duplicate key/),
    });
    await expect(sql.query('select nope')).rejects.toThrow(/nope/);
  });

  it('commits a transaction, rolls one back on an error, and runs others after it', async () => {
    await sql.transaction(async (tx) => {
      await tx.query('insert into t (id) values (2)');
      await tx.transaction((inner) => inner.query('insert into t (id) values (3)'));
    });
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('insert into t (id) values (4)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A query outside waits for the transaction under way: it sees all of it or none of it.
    let outside: Promise<number[]> | undefined;
    await sql.transaction(async (tx) => {
      outside = sql
        .query<{ id: number }>('select id from t where id >= 5 order by id')
        .then((rows) => rows.map((r) => r.id));
      await tx.query('insert into t (id) values (5)');
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('insert into t (id) values (6)');
    });
    expect(await outside).toEqual([5, 6]);
    const ids = (await sql.query<{ id: number }>('select id from t order by id')).map((r) => r.id);
    expect(ids).toEqual([1, 2, 3, 5, 6]);
  });

  it('keeps what was written across a restart', async () => {
    await sql.close();
    sql = await openDatabase({ databaseUrl: null, dataDir: dir });
    expect(await sql.query('select count(*)::int as n from t')).toEqual([{ n: 5 }]);
  }, 60_000);
});
