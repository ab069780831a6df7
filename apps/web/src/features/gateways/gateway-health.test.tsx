import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDevice, makeGateway } from '../../test/fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { GatewayRow } from './GatewayRow.tsx';
import { renderTranslated } from '../../test/render.tsx';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const GW = makeGateway({ mac: 'AC:23:3F:00:00:01', name: 'Lobby', lastSeen: ago(20) });

const renderRow = () =>
  renderTranslated(
    <ul>
      <GatewayRow gateway={GW} />
    </ul>,
  );
const status = () => screen.getByTestId('gateway-status').textContent;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  useUiStore.setState({ language: 'en' });
  useDevicesStore.getState().reset();
});
afterEach(() => vi.useRealTimers());

describe('gateway health in the Gateways tab', () => {
  it('is offline when the gateway has not reported for over 10 minutes', () => {
    renderRow();
    expect(status()).toBe('Offline');
  });

  it('comes online with a live signal from the gateway, then goes stale as time passes', () => {
    renderRow();
    const tag = makeDevice({
      mac: 'C3:00:00:00:00:01',
      signal: { [GW.mac]: { rssi: -60, received_at: ago(0), ip: null } },
    });
    act(() => useDevicesStore.setState({ entities: { [tag.mac]: tag } }));
    expect(status()).toBe('Online');
    expect(screen.getByText('Just now')).toBeTruthy();
    act(() => vi.advanceTimersByTime(6 * 60_000));
    expect(status()).toBe('Stale');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(status()).toBe('Offline');
  });
});
