import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { makeAlert, makeEvent, makeZone } from '../../test/zone-fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { AlertCenter } from './AlertCenter.tsx';
import { alertSound, useAlertsStore } from './alerts-store.ts';
import { browserNotice } from './critical-notice.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const alert = makeAlert;
const exit = makeEvent({ id: 'ev-2', type: 'exit' });
const opened = (a: Alert) => ({ action: 'opened' as const, alert: a });
const me = { userId: 'u1', name: 'me@example.com' };

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useAlertsStore.setState({
    ...useAlertsStore.getInitialState(),
    notify: false,
    criticalSound: false,
    criticalBrowser: false,
  });
  useMapsStore.setState({
    entities: { 'map-1': makeMap({ name: 'Ward', accessLevel: 'editor' }) },
  });
  useDevicesStore.setState({ entities: { 'AA:BB:CC:00:00:01': makeDevice({ name: 'Tag 1' }) } });
  useZonesStore.setState({
    entities: {
      'zone-lab': makeZone(),
    },
  });
});
restoreStubsAfterEach();

const renderCenter = () => renderTranslated(<AlertCenter />);
const counter = () => screen.getByTestId('alert-counter');

describe('alert counter and panel', () => {
  it('counts open alerts live, and lists them with what happened where', async () => {
    mockFetch({
      'GET /api/alerts': (c) =>
        jsonResponse({
          alerts: c.url.includes('state=open')
            ? [alert()]
            : [
                alert({
                  id: 'a0',
                  state: 'acknowledged',
                  acknowledgedAt: '2026-11-24T01:01:00.000Z',
                  acknowledgedBy: { userId: 'u2', name: 'ops@example.com' },
                }),
              ],
        }),
    });
    renderCenter();
    await act(() => useAlertsStore.getState().load());
    expect(counter().getAttribute('aria-label')).toBe('Alerts: 1 open alert');
    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'a2', event: exit }))]));
    expect(counter().getAttribute('aria-label')).toBe('Alerts: 2 open alerts');

    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.alert-text')?.textContent)).toEqual([
      '\u2068Tag 1\u2069 entered \u2068Lab\u2069',
      '\u2068Tag 1\u2069 left \u2068Lab\u2069',
    ]);
    expect(items[0]!.textContent).toContain('Map: \u2068Ward\u2069');
    await userEvent.click(within(panel).getByRole('tab', { name: 'Acknowledged' }));
    expect(within(panel).getByTestId('alert-acknowledged').textContent).toMatch(
      /^Acknowledged by \u2068ops@example.com\u2069, /,
    );
  });

  it('acknowledges, then resolves an alert: it moves tab and shows who did it', async () => {
    const { calls } = mockFetch({
      'POST /api/alerts/a1/acknowledge': jsonResponse({
        alert: alert({
          state: 'acknowledged',
          acknowledgedAt: '2026-11-24T01:02:00.000Z',
          acknowledgedBy: me,
        }),
      }),
      'POST /api/alerts/a1/resolve': jsonResponse({
        alert: alert({
          state: 'resolved',
          acknowledgedAt: '2026-11-24T01:02:00.000Z',
          acknowledgedBy: me,
          resolvedAt: '2026-11-24T01:03:00.000Z',
          resolvedBy: me,
        }),
      }),
      'GET /api/alerts': jsonResponse({ alerts: [] }),
    });
    useAlertsStore.getState().apply([opened(alert())]);
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    await vi.waitFor(() => expect(within(panel).getByText('No open alerts.')).toBeTruthy());
    expect(counter().getAttribute('aria-label')).toBe('Alerts: 0 open alerts');
    await userEvent.click(within(panel).getByRole('tab', { name: 'Acknowledged' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve' }));
    await userEvent.click(within(panel).getByRole('tab', { name: 'History' }));
    await vi.waitFor(() =>
      expect(within(panel).getByTestId('alert-resolved').textContent).toMatch(
        /^Resolved by \u2068me@example.com\u2069, /,
      ),
    );
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/alerts/a1/acknowledge',
      'POST /api/alerts/a1/resolve',
      'GET /api/alerts?state=resolved&limit=100',
    ]);
  });

  it('shows a viewer the alerts without acknowledge or resolve buttons', async () => {
    useMapsStore.setState({ entities: { 'map-1': makeMap({ accessLevel: 'viewer' }) } });
    useAlertsStore.getState().apply([opened(alert())]);
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('pops up and sounds a new alert only when the option is on, and closes on Escape', async () => {
    const play = vi.spyOn(alertSound, 'play').mockImplementation(() => undefined);
    renderCenter();
    act(() => useAlertsStore.getState().apply([opened(alert())]));
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    expect(play).not.toHaveBeenCalled();

    await userEvent.click(counter());
    await userEvent.click(screen.getByLabelText('Sound and pop-up for new alerts'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Alerts' })).toBeNull();
    expect(document.activeElement).toBe(counter());

    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'a2', event: exit }))]));
    // An update of an alert already known does not pop up again.
    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'a2', event: exit }))]));
    expect(play).toHaveBeenCalledTimes(1);
    const toasts = screen.getByTestId('alert-toasts');
    expect(toasts.textContent).toContain('New alert');
    expect(toasts.textContent).toContain('left');
    await userEvent.click(within(toasts).getByRole('button', { name: /New alert/ }));
    expect(screen.getByRole('complementary', { name: 'Alerts' })).toBeTruthy();
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    expect(localStorage.getItem('rtls.alerts.notify')).toBe('true');
  });
});

describe('repeats, bulk acknowledge and show on map', () => {
  const TAG2 = 'AA:BB:CC:00:00:02';
  const repeats = [
    alert({ id: 'a1', count: 3, lastAt: '2026-11-24T01:20:00.000Z' }),
    alert({ id: 'a2', count: 2, openedAt: '2026-11-24T00:50:00.000Z' }),
    alert({
      id: 'a3',
      openedAt: '2026-11-24T00:55:00.000Z',
      event: makeEvent({ id: 'ev-3', mac: TAG2 }),
    }),
  ];
  beforeEach(() => {
    useDevicesStore.setState({
      entities: {
        'AA:BB:CC:00:00:01': makeDevice({ name: 'Tag 1' }),
        [TAG2]: makeDevice({ mac: TAG2, name: 'Tag 2' }),
      },
    });
  });

  it('shows the alerts of one rule and device as one entry with a count', async () => {
    useAlertsStore.getState().apply(repeats.map(opened));
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId('alert-times').textContent).toBe('5 times');
    expect(within(items[0]!).getByTestId('alert-last').textContent).toMatch(/^Last /);
    expect(within(items[1]!).queryByTestId('alert-times')).toBeNull();
  });

  it('acknowledges the selected entries, then all, in one call each, and says how many', async () => {
    const acked = (id: string) => ({
      ...repeats.find((a) => a.id === id)!,
      state: 'acknowledged' as const,
      acknowledgedAt: '2026-11-24T02:00:00.000Z',
      acknowledgedBy: me,
    });
    const { calls } = mockFetch({
      'POST /api/alerts/acknowledge': (c) =>
        jsonResponse({
          alerts: ((c.body as { ids?: string[] }).ids ?? ['a1', 'a2']).map(acked),
        }),
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    useAlertsStore.getState().apply(repeats.map(opened));
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    const selectedButton = within(panel).getByRole('button', { name: 'Acknowledge selected (0)' });
    expect((selectedButton as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(
      within(panel).getByRole('checkbox', {
        name: 'Select: \u2068Tag 2\u2069 entered \u2068Lab\u2069',
      }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge selected (1)' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('alert-status').textContent).toBe('1 alert acknowledged'),
    );
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(panel).getByRole('button', { name: 'Acknowledge all' }));
    await vi.waitFor(() => expect(within(panel).getByText('No open alerts.')).toBeTruthy());
    expect(window.confirm).toHaveBeenCalledWith('Acknowledge all 2 open alerts?');
    expect(screen.getByTestId('alert-status').textContent).toBe('2 alerts acknowledged');
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/alerts/acknowledge', { ids: ['a3'] }],
      ['POST', '/api/alerts/acknowledge', {}],
    ]);
  });

  it('offers no selection or bulk buttons to a viewer', async () => {
    useMapsStore.setState({ entities: { 'map-1': makeMap({ accessLevel: 'viewer' }) } });
    useAlertsStore.getState().apply(repeats.map(opened));
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    expect(within(panel).queryByRole('checkbox', { name: /^Select/ })).toBeNull();
    expect(within(panel).queryByTestId('alert-bulk')).toBeNull();
  });

  it('shows an alert on its map: the map is opened and its device selected and focused', async () => {
    useMapsStore.setState({
      entities: {
        'map-0': makeMap({ _id: 'map-0', name: 'Other' }),
        'map-1': makeMap({ name: 'Ward', accessLevel: 'editor' }),
      },
      currentMapId: 'map-0',
      viewMode: 'grid',
    });
    mockFetch({ 'GET /api/maps/map-1': jsonResponse({ map: makeMap() }) });
    useAlertsStore.getState().apply([opened(repeats[2]!)]);
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    await userEvent.click(
      within(panel).getByRole('button', {
        name: 'Show on map: \u2068Tag 2\u2069 entered \u2068Lab\u2069',
      }),
    );
    expect(useMapsStore.getState()).toMatchObject({ currentMapId: 'map-1', viewMode: 'tabs' });
    expect(useUiStore.getState()).toMatchObject({
      selectedDeviceMac: TAG2,
      deviceFocus: { mac: TAG2, mapId: 'map-1' },
      toolsTab: 'devices',
    });
  });
});

describe('critical alerts', () => {
  const warning = alert({ id: 'w1', severity: 'warning', event: exit });

  it('sound urgently, pop up and notify the browser by default; the rest stay quiet', async () => {
    expect(useAlertsStore.getInitialState()).toMatchObject({
      criticalSound: true,
      criticalBrowser: true,
    });
    useAlertsStore.setState({ criticalSound: true, criticalBrowser: true, permission: 'granted' });
    mockFetch();
    const urgent = vi.spyOn(alertSound, 'playUrgent').mockImplementation(() => undefined);
    const chime = vi.spyOn(alertSound, 'play').mockImplementation(() => undefined);
    const shown: [string, () => void][] = [];
    vi.spyOn(browserNotice, 'show').mockImplementation((a, onClick) => {
      shown.push([a.id, onClick]);
    });
    renderCenter();
    act(() => useAlertsStore.getState().apply([opened(warning)]));
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    act(() => useAlertsStore.getState().apply([opened(alert())]));
    expect(urgent).toHaveBeenCalledTimes(1);
    expect(chime).not.toHaveBeenCalled();
    expect(screen.getByTestId('alert-toasts').textContent).toContain('entered');
    expect(shown.map(([id]) => id)).toEqual(['a1']);
    // The notification's click opens the alert's map on its device and the panel.
    act(() => shown[0]![1]());
    expect(useMapsStore.getState().currentMapId).toBe('map-1');
    expect(useUiStore.getState().selectedDeviceMac).toBe('AA:BB:CC:00:00:01');
    expect(screen.getByRole('complementary', { name: 'Alerts' })).toBeTruthy();
  });

  it('respects the options turned off, and asks for notifications with a button', async () => {
    useAlertsStore.setState({ criticalSound: true, criticalBrowser: true, permission: 'default' });
    const urgent = vi.spyOn(alertSound, 'playUrgent').mockImplementation(() => undefined);
    const show = vi.spyOn(browserNotice, 'show').mockImplementation(() => undefined);
    const request = vi.spyOn(browserNotice, 'request').mockResolvedValue('granted');
    renderCenter();
    await userEvent.click(counter());
    const panel = screen.getByRole('complementary', { name: 'Alerts' });
    await userEvent.click(
      within(panel).getByRole('button', { name: 'Allow browser notifications' }),
    );
    expect(request).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(useAlertsStore.getState().permission).toBe('granted'));
    expect(within(panel).queryByRole('button', { name: 'Allow browser notifications' })).toBeNull();
    await userEvent.click(
      within(panel).getByLabelText('Urgent sound and pop-up for critical alerts'),
    );
    await userEvent.click(
      within(panel).getByLabelText('Browser notifications for critical alerts'),
    );
    expect(localStorage.getItem('rtls.alerts.criticalSound')).toBe('false');
    expect(localStorage.getItem('rtls.alerts.criticalBrowser')).toBe('false');
    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'c2' }))]));
    expect(urgent).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    localStorage.removeItem('rtls.alerts.criticalSound');
    localStorage.removeItem('rtls.alerts.criticalBrowser');
  });

  it('pops up nothing over the open panel, and opening the panel takes the pop-ups away', async () => {
    useAlertsStore.setState({ criticalSound: true, criticalBrowser: false });
    mockFetch();
    vi.spyOn(alertSound, 'playUrgent').mockImplementation(() => undefined);
    renderCenter();
    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'p1' }))]));
    expect(screen.getByTestId('alert-toasts').textContent).toContain('entered');
    await userEvent.click(counter());
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    // While the panel is open, a new critical alert is listed there and sounds, without a pop-up.
    act(() => useAlertsStore.getState().apply([opened(alert({ id: 'p2' }))]));
    expect(screen.getByTestId('alert-toasts').textContent).toBe('');
    expect(alertSound.playUrgent).toHaveBeenCalledTimes(2);
  });
});
