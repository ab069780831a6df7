import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessLevel } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeGateway, makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { GatewayList } from './GatewayList.tsx';
import { useGatewaysStore } from './gateways-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const GW = makeGateway({ mac: 'GW:00:00:00:00:01', name: 'Lobby', viewRadius: 25 });
const settingsPath = 'PATCH /api/gateways/GW%3A00%3A00%3A00%3A00%3A01/settings';
const deletePath = 'DELETE /api/gateways/GW%3A00%3A00%3A00%3A00%3A01';

function renderAs(accessLevel: AccessLevel) {
  useMapsStore.setState({ entities: { 'map-1': makeMap({ accessLevel }) } });
  return renderTranslated(<GatewayList />);
}

beforeEach(() => {
  localStorage.setItem('gateways.showOnlyCurrentMap', 'true');
  useUiStore.setState({ language: 'en' });
  useGatewaysStore.getState().reset();
  useGatewaysStore.setState({ mapId: 'map-1', entities: { [GW.mac]: GW } });
});
restoreStubsAfterEach();

describe('gateways a viewer sees', () => {
  it('offers no slider, preset, rename, delete or Add Gateway; the settings read as text', () => {
    renderAs('viewer');
    const row = screen.getByTestId('gateway-row');
    expect(within(row).queryAllByRole('slider')).toHaveLength(0);
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(within(row).getByText('Lobby')).toBeDefined();
    expect(within(row).getByTestId('gateway-settings-text').textContent).toBe(
      'RSSI threshold: -60 dBm · Coverage radius: 25%',
    );
    expect(screen.queryByRole('button', { name: 'Add Gateway' })).toBeNull();
    expect(screen.getByText("You can view this map's gateways but not change them")).toBeDefined();
  });

  it('an editor tunes and renames, but only the owner deletes (the gateway is in their account)', () => {
    renderAs('editor');
    expect(screen.getAllByRole('slider')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Rename Lobby' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add Gateway' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Delete gateway/ })).toBeNull();
  });

  it('in Hebrew the read-only note is Hebrew', () => {
    useUiStore.setState({ language: 'he' });
    renderAs('viewer');
    expect(screen.getByText('אפשר לצפות בשערים של מפה זו אך לא לשנות אותם')).toBeDefined();
  });
});

describe('a refused change', () => {
  it('a 403 on Save reverts the sliders and says why instead of staying "Unsaved Changes"', async () => {
    mockFetch({
      [settingsPath]: jsonResponse({ message: 'You do not have permission to do this' }, 403),
    });
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(screen.getByRole('button', { name: '-45' }));
    expect(screen.getByText('Unsaved Changes')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update gateway settings: your access to this map does not allow this change',
    );
    expect(screen.queryByText('Unsaved Changes')).toBeNull();
    expect((screen.getByRole('slider', { name: /RSSI threshold/ }) as HTMLInputElement).value).toBe(
      '-60',
    );
  });

  it('a 404 on Delete keeps the gateway and says it is not the user’s to change, in Hebrew too', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch({ [deletePath]: jsonResponse({ message: 'Gateway not found' }, 404) });
    useUiStore.setState({ language: 'he' });
    const user = userEvent.setup();
    renderAs('owner');
    await user.click(screen.getByRole('button', { name: /מחק/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'מחיקת השער נכשלה: הפריט כבר לא קיים, או שאינו שלך לשינוי',
    );
    expect(screen.getAllByTestId('gateway-row')).toHaveLength(1);
  });

  it('a refused rename says why beside the name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'PUT /api/gateways/map/map-1/GW%3A00%3A00%3A00%3A00%3A01': jsonResponse(
        { message: 'You do not have permission to do this' },
        403,
      ),
    });
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(screen.getByRole('button', { name: 'Rename Lobby' }));
    const input = screen.getByRole('textbox', { name: 'Rename Lobby' });
    await user.clear(input);
    await user.type(input, 'Front desk{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update map gateway: your access to this map does not allow this change',
    );
    expect(screen.getByRole('button', { name: 'Rename Lobby' })).toBeDefined();
  });

  it('a network failure keeps the draft to retry, with the reason', async () => {
    mockFetch({ [settingsPath]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = userEvent.setup();
    renderAs('owner');
    await user.click(screen.getByRole('button', { name: '-45' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to update gateway settings: Failed to fetch',
      ),
    );
    expect(screen.getByText('Unsaved Changes')).toBeDefined();
  });
});
