import { describe, expect, it } from 'vitest';
import { changedKeysSince, copyRecord, noteEdit } from './records.ts';

/** A copy of `base` with `set` written and `gone` deleted, noted as an edit. */
function edited(
  base: Record<string, number>,
  set: Record<string, number>,
  gone: string[] = [],
): Record<string, number> {
  const next = copyRecord(base);
  Object.assign(next, set);
  for (const k of gone) delete next[k];
  noteEdit(next, base, [...Object.keys(set), ...gone]);
  return next;
}

describe('record copies', () => {
  it('hold the same entries in the same order, in a new object', () => {
    const record = { b: { n: 2 }, a: { n: 1 } };
    const copy = copyRecord(record);
    expect(copy).not.toBe(record);
    expect(copy).toEqual(record);
    expect(Object.keys(copy)).toEqual(['b', 'a']);
    expect(copy.a).toBe(record.a);
  });
});

describe('changed keys since an earlier record', () => {
  it('names the keys one noted edit set or deleted', () => {
    const base = { a: 1, b: 2, c: 3 };
    const next = edited(base, { b: 20 }, ['c']);
    expect([...changedKeysSince(next, base)!].sort()).toEqual(['b', 'c']);
    expect(changedKeysSince(next, next)).toEqual([]);
  });

  it('names the keys of several edits in a row', () => {
    const first = { a: 1, b: 2, c: 3 };
    const second = edited(first, { a: 10 });
    const third = edited(second, { a: 11, d: 4 });
    const fourth = edited(third, { b: 20 });
    const keys = (since: object) => [...new Set(changedKeysSince(fourth, since))].sort();
    expect(keys(first)).toEqual(['a', 'b', 'd']);
    expect(keys(second)).toEqual(['a', 'b', 'd']);
    expect(changedKeysSince(fourth, third)).toEqual(['b']);
  });

  it('is unknown for a record not derived from the one asked about', () => {
    const base = { a: 1 };
    const next = edited(base, { a: 2 });
    expect(changedKeysSince(next, { a: 1 })).toBeNull();
    expect(changedKeysSince(base, next)).toBeNull();
    // Copied without a note: its readers walk it whole.
    expect(changedKeysSince(copyRecord(next), next)).toBeNull();
  });

  it('forgets edits further back than its journal keeps', () => {
    const first: Record<string, number> = { a: 0 };
    let last = first;
    for (let i = 1; i <= 40; i++) last = edited(last, { a: i });
    expect(changedKeysSince(last, first)).toBeNull();
  });
});
