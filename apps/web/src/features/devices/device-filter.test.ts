import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../test/fixtures.ts';
import { countByStatus, filterDevices, matchesQuery, statusesOf } from './device-filter.ts';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const filter = (query: string, status: Parameters<typeof filterDevices>[2]) =>
  filterDevices(list, query, status, statusesOf(list, NOW));

const list = [
  makeDevice({ mac: 'AA:BB:CC:00:00:01', name: 'Forklift 1', lastSeen: ago(1) }),
  makeDevice({
    mac: 'AA:BB:CC:00:00:02',
    name: 'Badge',
    customSettings: { displayName: 'Nurse Dana' },
    lastSeen: ago(7),
  }),
  makeDevice({ mac: 'DD:EE:FF:00:00:03', name: 'Pallet', lastSeen: ago(30) }),
  makeDevice({ mac: 'DD:EE:FF:00:00:04', name: 'Spare tag', lastSeen: null }),
];

describe('device search', () => {
  it.each([
    ['fork', ['Forklift 1']],
    ['NURSE', ['Badge']],
    ['aa:bb:cc', ['Forklift 1', 'Badge']],
    ['ddeeff000003', ['Pallet']],
    ['00-00-04', ['Spare tag']],
    ['  ', ['Forklift 1', 'Badge', 'Pallet', 'Spare tag']],
    ['zebra', []],
  ])('"%s" finds %j', (query, names) => {
    expect(list.filter((d) => matchesQuery(d, query)).map((d) => d.name)).toEqual(names);
  });

  it('punctuation alone does not match every MAC', () => {
    expect(list.filter((d) => matchesQuery(d, ':')).map((d) => d.name)).toEqual([]);
  });
});

describe('status filter and counts', () => {
  it('counts each class: under 5 min online, 5–10 warning, beyond or never offline', () => {
    expect(countByStatus(statusesOf(list, NOW))).toEqual({ online: 1, warning: 1, offline: 2 });
  });

  it('keeps the devices of one class that also match the query, in order', () => {
    expect(filter('', 'offline').map((d) => d.name)).toEqual(['Pallet', 'Spare tag']);
    expect(filter('spare', 'offline').map((d) => d.name)).toEqual(['Spare tag']);
    expect(filter('spare', 'online')).toEqual([]);
    expect(filter('', 'all')).toHaveLength(4);
  });
});
