import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeEvent } from '../../test/zone-fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { EventLog } from './EventLog.tsx';
import { useEventLogStore } from './event-log-store.ts';
import { renderTranslated } from '../../test/render.tsx';

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useEventLogStore.setState(useEventLogStore.getInitialState());
});
afterEach(() => vi.unstubAllGlobals());

const page = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeEvent({
      id: `ev-${from + i}`,
      at: new Date(Date.UTC(2026, 10, 24, 1, 0, 0) - (from + i) * 1000).toISOString(),
      detail: { deviceName: `Tag ${from + i}`, zoneName: 'Lab' },
    }),
  );

describe('EventLog', () => {
  it('reads the log when opened, says what happened, and pages back', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/map-1/events': (c) =>
        jsonResponse({ events: c.url.includes('before=') ? page(50, 2) : page(0, 50) }),
    });
    renderTranslated(<EventLog mapId="map-1" />);
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show events' }));
    const log = screen.getByTestId('event-log');
    await vi.waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(50));
    expect(within(log).getAllByRole('listitem')[0]!.textContent).toContain(
      '\u2068Tag 0\u2069 entered \u2068Lab\u2069',
    );
    await userEvent.click(within(log).getByRole('button', { name: 'Older events' }));
    await vi.waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(52));
    expect(decodeURIComponent(calls[1]!.url)).toContain('before=2026-11-24T00:59:11.000Z');
    expect(within(log).queryByRole('button', { name: 'Older events' })).toBeNull();
  });

  it('says an absence without a device as an empty zone', async () => {
    mockFetch({
      'GET /api/maps/map-1/events': jsonResponse({
        events: [makeEvent({ type: 'absent', mac: null, detail: { zoneName: 'Lab' } })],
      }),
    });
    renderTranslated(<EventLog mapId="map-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show events' }));
    expect(await screen.findByText('\u2068Lab\u2069 has been empty')).toBeTruthy();
  });

  it('says a change of floor with the floor left and the floor reached, in both languages', async () => {
    const event = makeEvent({
      type: 'floor_change',
      zoneId: null,
      detail: { deviceName: 'Walker 1', fromFloor: 'Floor 1', toFloor: 'Floor 2' },
    });
    mockFetch({ 'GET /api/maps/map-1/events': jsonResponse({ events: [event] }) });
    renderTranslated(<EventLog mapId="map-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show events' }));
    expect(
      await screen.findByText(
        '\u2068Walker 1\u2069 went from \u2068Floor 1\u2069 to \u2068Floor 2\u2069',
      ),
    ).toBeTruthy();
    act(() => useUiStore.setState({ language: 'he' }));
    expect(
      await screen.findByText(
        '\u2068Walker 1\u2069 עבר מ־\u2068Floor 1\u2069 אל \u2068Floor 2\u2069',
      ),
    ).toBeTruthy();
  });

  it('shows new events of the map at the top as they happen, without a refresh', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/map-1/events': jsonResponse({ events: page(0, 2) }),
    });
    renderTranslated(<EventLog mapId="map-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show events' }));
    const log = screen.getByTestId('event-log');
    await vi.waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.getByTestId('event-log-latest').textContent).toBe('');
    const live = makeEvent({
      id: 'ev-live',
      type: 'exit',
      at: '2026-11-24T01:05:00.000Z',
      detail: { deviceName: 'Tag 9', zoneName: 'Lab' },
    });
    act(() => useEventLogStore.getState().add(live));
    // Another map's event is not this log's.
    act(() => useEventLogStore.getState().add(makeEvent({ id: 'ev-other', mapId: 'map-2' })));
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('\u2068Tag 9\u2069 left \u2068Lab\u2069');
    // Read out politely as it arrives.
    expect(screen.getByTestId('event-log-latest').textContent).toBe(
      '\u2068Tag 9\u2069 left \u2068Lab\u2069',
    );
    expect(calls).toHaveLength(1);
  });
});
