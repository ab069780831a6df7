import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@rtls/contract';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { makeAlert, makeEvent, makeZone } from '../../test/zone-fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { AlertCenter } from './AlertCenter.tsx';
import { alertSound, useAlertsStore } from './alerts-store.ts';

const alert = makeAlert;
const exit = makeEvent({ id: 'ev-2', type: 'exit' });
const opened = (a: Alert) => ({ action: 'opened' as const, alert: a });
const me = { userId: 'u1', name: 'me@example.com' };

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useAlertsStore.setState({ ...useAlertsStore.getInitialState(), notify: false });
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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderCenter = () =>
  render(
    <I18nProvider>
      <AlertCenter />
    </I18nProvider>,
  );
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
