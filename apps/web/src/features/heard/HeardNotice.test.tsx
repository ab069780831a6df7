import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessLevel, AvailableDevice } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { HeardNotice } from './HeardNotice.tsx';
import { useHeardStore } from './heard-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const device = (mac: string): AvailableDevice => ({
  mac,
  name: `Tag ${mac.slice(-2)}`,
  lastSeenInAPI: '2026-01-01T00:00:00.000Z',
  firstSeen: '2026-01-01T00:00:00.000Z',
  isMonitored: false,
});
const DEVICES = [device('C3:00:00:00:00:01'), device('C3:00:00:00:00:02')];
const GATEWAY = {
  mac: 'AC:00:00:00:00:01',
  name: 'Lobby',
  ip: null,
  lastSeen: '2026-01-01T00:00:00.000Z',
  daysSinceLastSeen: 0,
  isMonitored: false,
};

function renderOn(accessLevel: AccessLevel | null) {
  mockFetch({
    'GET /api/available/devices': jsonResponse({ success: true, devices: DEVICES }),
    'GET /api/available/gateways': jsonResponse({ success: true, gateways: [GATEWAY] }),
  });
  useMapsStore.setState(
    accessLevel
      ? { entities: { 'map-1': makeMap({ accessLevel }) }, currentMapId: 'map-1' }
      : { entities: {}, currentMapId: null },
  );
  return renderTranslated(<HeardNotice />);
}

const notices = () => screen.getByRole('status', { name: 'Newly heard devices and gateways' });

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useSessionStore.setState({ user: { email: 'ops@example.com', name: 'Olga Ops' } });
  useDevicesStore.getState().reset();
  useGatewaysStore.getState().reset();
  useMapsStore.getState().reset();
});
afterEach(() => {
  useSessionStore.setState({ user: null });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('newly heard devices and gateways', () => {
  it('an owner reads how many were heard; Add opens Add Device on its Available list, listing them', async () => {
    const user = userEvent.setup();
    renderOn('owner');
    expect((await within(notices()).findByText('2 new devices heard')).textContent).toBe(
      '2 new devices heard',
    );
    expect(within(notices()).getByText('1 new gateway heard')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Add new devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Device to Monitoring' });
    expect(
      within(dialog)
        .getByRole('button', { name: 'Available devices' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await within(dialog).findByRole('radio', { name: /C3:00:00:00:00:01/ })).toBeDefined();
    expect(within(dialog).getByRole('radio', { name: /C3:00:00:00:00:02/ })).toBeDefined();
    // Dealt with: no longer announced, and the Devices tab is where they land.
    expect(within(notices()).queryByText(/new devices heard/)).toBeNull();
    expect(useUiStore.getState().toolsTab).toBe('devices');
  });

  it('Add for gateways opens Add Gateway for the current map, listing the gateway', async () => {
    const user = userEvent.setup();
    renderOn('editor');
    await user.click(await screen.findByRole('button', { name: 'Add new gateways' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Gateway to Monitoring' });
    expect(await within(dialog).findByRole('radio', { name: /AC:00:00:00:00:01/ })).toBeDefined();
  });

  it('dismissed, they are not announced again, not after the session starts over either', async () => {
    const user = userEvent.setup();
    const first = renderOn('owner');
    await user.click(await screen.findByRole('button', { name: 'Dismiss new devices' }));
    expect(within(notices()).queryByText(/new devices heard/)).toBeNull();
    expect(within(notices()).getByText('1 new gateway heard')).toBeDefined();
    first.unmount();

    renderOn('owner');
    expect(await within(notices()).findByText('1 new gateway heard')).toBeDefined();
    expect(within(notices()).queryByText(/new devices heard/)).toBeNull();
  });

  it('devices already monitored are not announced', async () => {
    useDevicesStore.setState({ monitored: ['C3:00:00:00:00:01'] });
    renderOn('owner');
    expect(await within(notices()).findByText('1 new device heard')).toBeDefined();
  });

  it('a viewer of the map on screen is offered nothing to add', async () => {
    renderOn('viewer');
    // Loaded (the store has them), yet nothing is announced.
    await vi.waitFor(() => expect(useHeardStore.getState().devices).toHaveLength(2));
    expect(notices().textContent).toBe('');
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
  });

  it('with no map on screen, devices are offered; gateways, which go on a map, are not', async () => {
    renderOn(null);
    expect(await within(notices()).findByText('2 new devices heard')).toBeDefined();
    expect(within(notices()).queryByText(/gateway/)).toBeNull();
  });

  it('in Hebrew', async () => {
    useUiStore.setState({ language: 'he' });
    renderOn('owner');
    expect(await screen.findByText('2 מכשירים חדשים נקלטו')).toBeDefined();
    expect(screen.getByText('שער חדש אחד נקלט')).toBeDefined();
    expect(screen.getAllByRole('button', { name: /^הוסף/ })).toHaveLength(2);
  });
});
