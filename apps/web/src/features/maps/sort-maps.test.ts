import { describe, expect, it } from 'vitest';
import { makeMap } from '../../test/fixtures.ts';
import { searchMaps, sortMaps } from './sort-maps.ts';

const a = makeMap({
  _id: 'a',
  name: 'Basement',
  accessCount: 3,
  createdAt: '2024-01-03T00:00:00Z',
  lastAccessedAt: null,
});
const b = makeMap({
  _id: 'b',
  name: 'Attic',
  accessCount: 9,
  createdAt: '2024-01-01T00:00:00Z',
  lastAccessedAt: '2024-02-01T00:00:00Z',
  metadata: { buildingName: 'North wing' },
});
const c = makeMap({
  _id: 'c',
  name: 'Cafeteria',
  accessCount: 1,
  createdAt: '2024-01-02T00:00:00Z',
  lastAccessedAt: '2024-03-01T00:00:00Z',
  description: 'Food court',
});
const ids = (maps: { _id: string }[]) => maps.map((m) => m._id);

describe('sortMaps', () => {
  it('sorts by last access (never-opened last), name, creation and access count', () => {
    expect(ids(sortMaps([a, b, c], 'lastAccessed'))).toEqual(['c', 'b', 'a']);
    expect(ids(sortMaps([a, b, c], 'name'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortMaps([a, b, c], 'created'))).toEqual(['a', 'c', 'b']);
    expect(ids(sortMaps([a, b, c], 'accessCount'))).toEqual(['b', 'a', 'c']);
  });
});

describe('searchMaps', () => {
  it('matches name, description and building, ignoring case', () => {
    expect(ids(searchMaps([a, b, c], 'ATTIC'))).toEqual(['b']);
    expect(ids(searchMaps([a, b, c], 'food'))).toEqual(['c']);
    expect(ids(searchMaps([a, b, c], 'north'))).toEqual(['b']);
    expect(ids(searchMaps([a, b, c], '  '))).toEqual(['a', 'b', 'c']);
    expect(searchMaps([a, b, c], 'zzz')).toEqual([]);
  });
});
