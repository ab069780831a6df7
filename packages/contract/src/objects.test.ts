import { describe, expect, it } from 'vitest';
import { withKeys } from './objects.ts';

describe('withKeys', () => {
  it('is the spread of both, keys in the same order, a later key replacing an earlier', () => {
    const o = { x: 1, y: 2, note: 'a' };
    const got = withKeys(o, { note: 'b', at: 3 });
    expect(got).toStrictEqual({ ...o, note: 'b', at: 3 });
    expect(Object.keys(got)).toEqual(['x', 'y', 'note', 'at']);
    expect(o).toStrictEqual({ x: 1, y: 2, note: 'a' });
  });

  it('keeps a key whose value is undefined, as the spread does', () => {
    const got = withKeys({ x: 1, gone: undefined as number | undefined }, { y: undefined });
    expect(got).toStrictEqual({ x: 1, gone: undefined, y: undefined });
    expect(Object.keys(got)).toEqual(['x', 'gone', 'y']);
  });
});
