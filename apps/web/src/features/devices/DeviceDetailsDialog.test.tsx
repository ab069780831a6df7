import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { DeviceDetailsDialog } from './DeviceDetailsDialog.tsx';
import { useDevicesStore } from './devices-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const NOW = Date.parse('2024-06-15T12:00:00.000Z');
const MAC = 'AA:00:00:00:00:01';

function show(lastSeenAgoMs: number, confidence = 0.85) {
  const d = makeDevice({
    mac: MAC,
    name: 'Cart',
    lastSeen: new Date(NOW - lastSeenAgoMs).toISOString(),
  });
  // Position and confidence are those of the map on screen.
  const placement = {
    position: { x: 120.4, y: 80.6 },
    triangulationInfo: {
      method: 'least-squares',
      confidence,
      signalsUsed: 4,
      primaryGateway: 'GW:1',
      lastCalculated: new Date(NOW).toISOString(),
    },
    receivedAt: NOW,
  };
  useMapsStore.setState({ currentMapId: 'map-1' });
  useDevicesStore.setState({
    entities: { [MAC]: d },
    monitored: [MAC],
    watched: ['map-1'],
    positions: { 'map-1': { [MAC]: placement } },
  });
  const onClose = vi.fn();
  renderTranslated(<DeviceDetailsDialog mac={MAC} onClose={onClose} />);
  return onClose;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useUiStore.setState({ language: 'en' });
  useDevicesStore.getState().reset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('device details', () => {
  it('Info: Online when seen within 3 minutes, with the confidence class', () => {
    show(3 * 60_000);
    const dialog = screen.getByRole('dialog', { name: 'Details of Cart' });
    expect(within(dialog).getByText('Online')).toBeDefined();
    expect(within(dialog).getByText('High (85%)')).toBeDefined();
    expect(within(dialog).getByText('120, 81')).toBeDefined();
  });

  it('Info: Offline after 3 minutes; Medium and Low confidence', () => {
    show(3 * 60_000 + 1, 0.8);
    expect(screen.getByText('Offline')).toBeDefined();
    expect(screen.getByText('Medium (80%)')).toBeDefined();
  });

  it("shows the method in the user's language", () => {
    show(1000);
    expect(screen.getByText('Least squares')).toBeDefined();
  });

  it('tabs are labelled, control their panel and move with the arrow keys', async () => {
    const user = userEvent.setup();
    show(1000);
    const info = screen.getByRole('tab', { name: 'Info' });
    const edit = screen.getByRole('tab', { name: 'Edit' });
    expect(screen.getByRole('tablist', { name: 'Device details' })).toBeDefined();
    expect(screen.getByRole('tabpanel', { name: 'Info' }).id).toBe(
      info.getAttribute('aria-controls'),
    );
    expect(edit.tabIndex).toBe(-1);
    info.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(edit);
    expect(edit.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Edit' })).toBeDefined();
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(info);
  });

  it('Escape closes the dialog', async () => {
    const user = userEvent.setup();
    const onClose = show(1000);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('Edit: saves settings with showOnMaps and positioningMode', async () => {
    const { calls } = mockFetch({
      'PUT /api/devices/AA%3A00%3A00%3A00%3A00%3A01': jsonResponse({
        success: true,
        device: makeDevice({
          mac: MAC,
          name: 'Cart',
          positioningMode: 'static',
          customSettings: { showOnMaps: false },
        }),
      }),
    });
    const user = userEvent.setup();
    show(1000);
    await user.click(screen.getByRole('tab', { name: 'Edit' }));
    await user.click(screen.getByLabelText('Show on maps'));
    await user.selectOptions(screen.getByLabelText('Positioning mode'), 'static');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({
      positioningMode: 'static',
      customSettings: { showOnMaps: false, color: '#3B82F6', icon: 'device', showTrail: false },
    });
    await waitFor(() =>
      expect(useDevicesStore.getState().entities[MAC]?.positioningMode).toBe('static'),
    );
  });
});
