import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertsStore } from '../features/alerts/alerts-store.ts';
import { useSessionStore } from '../features/session/session-store.ts';
import { useEventLogStore } from '../features/zones/event-log-store.ts';
import { useZonesStore } from '../features/zones/zones-store.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeAlert, makeEvent, makePresence, makeZone } from '../test/zone-fixtures.ts';
import { live } from '../test/live-connection-mock.ts';
import { useLiveChannel } from './useLiveChannel.ts';

vi.mock('../features/live/live-connection.ts', () => import('../test/live-connection-mock.ts'));

beforeEach(() => {
  vi.useFakeTimers();
  useSessionStore.setState({ token: 'tok-1', isAuthenticated: true });
  useZonesStore.setState({ ...useZonesStore.getInitialState(), mapId: 'map-1' });
  useAlertsStore.setState(useAlertsStore.getInitialState());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const zoneEvents = () => live.opts!.onZoneEvent!;

describe('zone events from the live channel', () => {
  it('merges a burst of presence changes in one store write, the last per device winning', () => {
    renderHook(() => useLiveChannel());
    const apply = vi.spyOn(useZonesStore.getState(), 'applyPresence');
    useZonesStore.setState({ applyPresence: apply });
    zoneEvents().zone_presence!(makePresence({ mac: 'A', zoneId: 'z1' }));
    zoneEvents().zone_presence!(makePresence({ mac: 'B', zoneId: 'z1' }));
    zoneEvents().zone_presence!(makePresence({ mac: 'A', zoneId: null, state: 'unknown' }));
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply.mock.calls[0]![0].map((p) => [p.mac, p.state])).toEqual([
      ['A', 'unknown'],
      ['B', 'in'],
    ]);
  });

  it('adds an event to the open event log of its map at once', () => {
    renderHook(() => useLiveChannel());
    useEventLogStore.setState({ mapId: 'map-1', events: [] });
    zoneEvents().zone_event!(makeEvent({ id: 'ev-9' }));
    zoneEvents().zone_event!(makeEvent({ id: 'ev-10', mapId: 'map-2' }));
    expect(useEventLogStore.getState().events.map((e) => e.id)).toEqual(['ev-9']);
    useEventLogStore.setState({ mapId: null, events: [] });
  });

  it('applies occupancy and alerts at once, and re-reads zones someone else changed', async () => {
    renderHook(() => useLiveChannel());
    zoneEvents().zone_occupancy!({
      mapId: 'map-1',
      zones: [{ zoneId: 'z1', count: 4 }],
      unknown: 1,
      at: '2026-11-24T01:00:00.000Z',
    });
    expect(useZonesStore.getState().occupancy).toEqual({ z1: 4 });
    zoneEvents().alert!({ action: 'opened', alert: makeAlert() });
    expect(Object.keys(useAlertsStore.getState().entities)).toEqual(['a1']);
    mockFetch({ 'GET /api/maps/map-1/zones': jsonResponse({ zones: [makeZone()] }) });
    zoneEvents().zones_changed!({ mapId: 'map-1' });
    await vi.waitFor(() =>
      expect(Object.keys(useZonesStore.getState().entities)).toEqual(['zone-lab']),
    );
  });
});
