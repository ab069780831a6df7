/** Array parameters sent as literals read back as the same values on PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../src/lib/db.ts';
import { arrayLiteral } from '../src/lib/pg-arrays.ts';
import { testServices } from './services.ts';

const STRINGS = ['', 'NULL', 'a,b', '{x}', 'say "hi"', 'back\\slash', '\\"', ' sp ', 'קבלה', 'ok'];

describe('arrayLiteral', () => {
  it('quotes strings, escapes only what needs it and leaves numbers bare', () => {
    expect(arrayLiteral(['a', null, 'b"c', 'd\\e'])).toBe('{"a",NULL,"b\\"c","d\\\\e"}');
    expect(arrayLiteral([1, -2.5, 0, NaN, Infinity])).toBe('{1,-2.5,0,NaN,Infinity}');
    expect(arrayLiteral([true, false, undefined])).toBe('{true,false,NULL}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('leaves dates, nested arrays and buffers to the driver', () => {
    expect(arrayLiteral([new Date(0)])).toBeNull();
    expect(arrayLiteral([[1]])).toBeNull();
    expect(arrayLiteral([Buffer.from('x')])).toBeNull();
  });
});

describe('array parameters on PostgreSQL', () => {
  let sql: Sql;
  beforeAll(async () => {
    const url = testServices().postgres;
    if (!url) throw new Error('PostgreSQL is unreachable; its tests cannot run');
    sql = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  });
  afterAll(() => sql?.close());

  it('reads back every string, null and number as sent', async () => {
    const texts = [...STRINGS, null];
    const numbers = [1, -2.5, 1e-7, -0, 123456789.25, Number.NaN, Infinity, null];
    const [row] = await sql.query<{ t: (string | null)[]; f: (number | null)[]; i: number[] }>(
      'select $1::text[] as t, $2::float8[] as f, $3::int[] as i',
      [texts, numbers, [3, -4, 0]],
    );
    expect(row!.t).toEqual(texts);
    expect(row!.f.map(String)).toEqual(numbers.map((n) => (n === null ? 'null' : String(n))));
    expect(row!.i).toEqual([3, -4, 0]);
  });

  it('reads back strings joined without escapes (none needed) as sent', async () => {
    const plain = ['', 'NULL', 'a,b', '{x}', ' sp ', 'קבלה', 'AC:23:3F:00:00:01'];
    const [row] = await sql.query<{ t: string[] }>('select $1::text[] as t', [plain]);
    expect(row!.t).toEqual(plain);
  });

  it('still takes arrays of dates through the driver', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const [row] = await sql.query<{ t: Date[] }>('select $1::timestamptz[] as t', [[at]]);
    expect(row!.t[0]!.getTime()).toBe(at.getTime());
  });
});
