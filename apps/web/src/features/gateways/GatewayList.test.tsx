import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeGateway, makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { GatewayList } from './GatewayList.tsx';
import { useGatewaysStore } from './gateways-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const GW = makeGateway({
  mac: 'GW:00:00:00:00:01',
  name: 'Lobby',
  maxRSSI: -45,
  viewRadius: 25,
  customSettings: { logicThreshold: -80 },
});
const path = '/api/gateways/GW%3A00%3A00%3A00%3A00%3A01/settings';

function renderList() {
  return renderTranslated(<GatewayList />);
}

const threshold = () => screen.getByRole('slider', { name: /RSSI threshold/ }) as HTMLInputElement;
const coverage = () => screen.getByRole('slider', { name: /Coverage radius/ }) as HTMLInputElement;

beforeEach(() => {
  localStorage.setItem('gateways.showOnlyCurrentMap', 'true');
  useUiStore.setState({ language: 'en' });
  useGatewaysStore.getState().reset();
  useGatewaysStore.setState({ mapId: 'map-1', entities: { [GW.mac]: GW } });
  useMapsStore.setState({ entities: { 'map-1': makeMap() } });
});
restoreStubsAfterEach();

describe('gateway sliders', () => {
  it('shows the threshold (−120..0) and coverage (0–100 %) with the hint and quality', () => {
    renderList();
    expect(threshold().value).toBe('-80');
    expect(threshold().min).toBe('-120');
    expect(threshold().max).toBe('0');
    expect(coverage().value).toBe('25');
    expect(threshold().getAttribute('aria-valuetext')).toBe('-80 dBm');
    expect(coverage().getAttribute('aria-valuetext')).toBe('25%');
    expect(screen.getByText('0 = minimal coverage (5% of map), 100 = full coverage')).toBeDefined();
    expect(screen.getByText('Good')).toBeDefined();
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
  });

  it('names each slider and preset group after its gateway, so a list of them can be told apart', () => {
    renderList();
    expect(screen.getByRole('slider', { name: 'RSSI threshold: Lobby' })).toBe(threshold());
    expect(screen.getByRole('slider', { name: 'Coverage radius: Lobby' })).toBe(coverage());
    expect(threshold().getAttribute('aria-valuetext')).toMatch(/dBm$/);
    expect(screen.getByRole('group', { name: /Lobby/ })).toBeTruthy();
  });

  it('a change shows at once, marks Unsaved Changes, and Cancel reverts', async () => {
    const user = userEvent.setup();
    renderList();
    fireEvent.change(coverage(), { target: { value: '60' } });
    expect(coverage().value).toBe('60');
    expect(screen.getByText('Unsaved Changes')).toBeDefined();
    expect(useGatewaysStore.getState().drafts[GW.mac]).toEqual({ viewRadius: 60 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(coverage().value).toBe('25');
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
  });

  it('presets set the threshold; Save patches it with the map, disabled while saving', async () => {
    const held = deferred<Response>();
    const { calls } = mockFetch({ [`PATCH ${path}`]: () => held.promise });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: '-45' }));
    expect(threshold().value).toBe('-45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls[0]!.body).toEqual({ logicThreshold: -45, mapId: 'map-1' });
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(threshold().disabled).toBe(true);
    held.resolve(
      jsonResponse({
        success: true,
        gateway: { ...GW, customSettings: { logicThreshold: -45 }, logicThreshold: -45 },
      }),
    );
    await waitFor(() => expect(screen.queryByText('Unsaved Changes')).toBeNull());
    expect(threshold().value).toBe('-45');
    expect(threshold().disabled).toBe(false);
  });
});

describe('filter and add', () => {
  it("lists the account's other monitored gateways when the filter is off", async () => {
    localStorage.setItem('gateways.showOnlyCurrentMap', 'false');
    mockFetch({
      'GET /api/gateways/monitored': jsonResponse({
        success: true,
        gateways: [
          GW,
          makeGateway({ mac: 'GW:00:00:00:00:09', name: 'Elsewhere', mapId: 'map-2' }),
        ],
      }),
    });
    renderList();
    expect(await screen.findByText('Elsewhere')).toBeDefined();
    expect(screen.getAllByTestId('gateway-row')).toHaveLength(2);
  });

  it("alerts 'Please select a map first' without a map", async () => {
    useGatewaysStore.setState({ mapId: null, entities: {} });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Gateway' }));
    expect(alert).toHaveBeenCalledWith('Please select a map first');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists available gateways of the last 3 days by default, all on request', async () => {
    const { calls } = mockFetch({
      'GET /api/available/gateways': jsonResponse({ success: true, gateways: [] }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Gateway' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Gateway to Monitoring' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/available/gateways?lastSeenDays=3');
    await user.selectOptions(within(dialog).getByLabelText('Last seen within'), 'all');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.url).toBe('/api/available/gateways');
  });

  it('adds a manual gateway with the defaults', async () => {
    const { calls } = mockFetch({
      'GET /api/available/gateways': jsonResponse({ success: true, gateways: [] }),
      'POST /api/gateways/monitor/AB%3ACD%3AEF%3A00%3A00%3A07': jsonResponse({
        success: true,
        gateway: makeGateway({ mac: 'AB:CD:EF:00:00:07', name: 'Dock', mapId: 'map-1' }),
      }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Add Gateway' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Manual entry' }));
    await user.type(within(dialog).getByLabelText('MAC address'), 'ab:cd:ef:00:00:07');
    await user.type(within(dialog).getByLabelText('Name'), 'Dock');
    const placeholder = (label: string) =>
      (within(dialog).getByLabelText(label) as HTMLInputElement).placeholder;
    expect(
      [
        'Logic threshold (dBm)',
        'Max RSSI (dBm)',
        'Position X',
        'Position Y',
        'Coverage radius',
      ].map(placeholder),
    ).toEqual(['-60', '-30', '100', '100', '75']);
    await user.click(within(dialog).getByRole('button', { name: 'Add to Monitoring' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Dock',
      mapId: 'map-1',
      position: { x: 100, y: 100 },
      radius: 75,
      color: '#10B981',
      showCoverage: true,
      logicThreshold: -60,
      maxRSSI: -30,
    });
    expect(screen.getAllByTestId('gateway-row')).toHaveLength(2);
  });

  it('deletes a gateway after the confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch({
      'DELETE /api/gateways/GW%3A00%3A00%3A00%3A00%3A01': jsonResponse({ success: true }),
    });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: /Delete gateway/ }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this gateway?');
    await waitFor(() => expect(screen.queryAllByTestId('gateway-row')).toHaveLength(0));
  });
});
