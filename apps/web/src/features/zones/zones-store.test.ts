import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../../i18n/i18n.ts';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { zoneText } from './presence.ts';
import type { ZonePresence } from '@rtls/contract';
import { makePresence, makeZone } from '../../test/zone-fixtures.ts';
import { useZonesStore } from './zones-store.ts';

const zone = (id: string, mapId = 'map-1') => makeZone({ id, mapId, name: id.toUpperCase() });
const at = (mac: string, zoneId: string | null, over: Partial<ZonePresence> = {}) =>
  makePresence({ mac, zoneId, state: zoneId ? 'in' : 'none', ...over });
const t = translator('en');
const occupancy = (mapId: string, counts: Record<string, number>) => ({
  mapId,
  zones: Object.entries(counts).map(([zoneId, count]) => ({ zoneId, count })),
  unknown: 0,
  at: '2026-11-24T01:00:00.000Z',
});

beforeEach(() => useZonesStore.setState(useZonesStore.getInitialState()));
afterEach(() => vi.unstubAllGlobals());

describe('zones store', () => {
  it('loads the map’s zones, each device’s presence and each zone’s occupancy', async () => {
    mockFetch({
      'GET /api/maps/map-1/zones': jsonResponse({ zones: [zone('a'), zone('b')] }),
      'GET /api/maps/map-1/presence': jsonResponse({
        presence: [at('M1', 'a')],
        occupancy: occupancy('map-1', { a: 1, b: 0 }),
      }),
    });
    await useZonesStore.getState().loadForMap('map-1');
    const s = useZonesStore.getState();
    expect(Object.keys(s.entities)).toEqual(['a', 'b']);
    expect(s.presence.M1?.zoneId).toBe('a');
    expect(s.occupancy).toEqual({ a: 1, b: 0 });
  });

  it('drops an answer for a map the user has left meanwhile', async () => {
    const slow = deferred<Response>();
    mockFetch({
      'GET /api/maps/map-1/zones': () => slow.promise,
      'GET /api/maps/map-2/zones': jsonResponse({ zones: [zone('c', 'map-2')] }),
      'GET /api/maps/map-2/presence': jsonResponse({
        presence: [],
        occupancy: occupancy('map-2', {}),
      }),
    });
    const first = useZonesStore.getState().loadForMap('map-1');
    await useZonesStore.getState().loadForMap('map-2');
    slow.resolve(jsonResponse({ zones: [zone('a')] }));
    await first;
    expect(Object.keys(useZonesStore.getState().entities)).toEqual(['c']);
  });

  it('applies live presence and occupancy of the map on screen only', () => {
    useZonesStore.setState({ mapId: 'map-1', entities: { a: zone('a') } });
    const { applyPresence, applyOccupancy } = useZonesStore.getState();
    applyPresence([at('M1', 'a'), at('M2', 'a', { mapId: 'map-9' })]);
    applyPresence([at('M1', null, { state: 'unknown' })]);
    applyOccupancy({ ...occupancy('map-1', { a: 3 }), unknown: 1 });
    applyOccupancy(occupancy('map-9', { x: 7 }));
    const s = useZonesStore.getState();
    expect(Object.keys(s.presence)).toEqual(['M1']);
    expect(s.presence.M1?.state).toBe('unknown');
    expect(s.occupancy).toEqual({ a: 3 });
    expect(s.unknown).toBe(1);
  });

  it('says a device’s zone, or that it is outside every zone, or unknown', () => {
    const zones = { a: zone('a') };
    expect(zoneText(at('M1', 'a'), zones, t)).toBe('A');
    expect(zoneText(at('M1', null), zones, t)).toBe('Not in a zone');
    expect(zoneText(at('M1', 'a', { state: 'unknown' }), zones, t)).toBe('Unknown');
    expect(zoneText(undefined, zones, t)).toBe('Unknown');
    expect(translator('he')('zones.presence.unknown')).toBe('לא ידוע');
  });
});
