import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { translator } from '../../i18n/i18n.ts';
import { deviceTooltipHtml } from '../../map/layers/device-tooltip.ts';
import { makeDevice } from '../../test/fixtures.ts';
import { makePresence, makeZone } from '../../test/zone-fixtures.ts';
import { DeviceRow } from '../devices/DeviceRow.tsx';
import { unplaced } from '../devices/map-positions.ts';
import type { PlacedDevice } from '../devices/placed-devices.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useZonesStore } from './zones-store.ts';
import { renderTranslated } from '../../test/render.tsx';

const device = unplaced(makeDevice({ mac: 'AA:BB:CC:00:00:01', name: 'Tag 1' }));
const placed: PlacedDevice = {
  ...device,
  position: { x: 550, y: 550 },
  triangulationInfo: null,
  mapId: 'map-1',
  readOnly: false,
};

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useZonesStore.setState({ ...useZonesStore.getInitialState(), mapId: 'map-1' });
});

const renderRow = () =>
  renderTranslated(
    <ul>
      <DeviceRow device={device} selected={false} onSelect={() => {}} onDetails={() => {}} />
    </ul>,
  );

describe("a device's zone", () => {
  it('is not shown on a map without zones', () => {
    renderRow();
    expect(screen.queryByTestId('device-zone')).toBeNull();
    expect(deviceTooltipHtml(placed, translator('en'), 'en')).not.toContain('Zone');
  });

  it('follows live presence in the list: the zone, unknown, not in a zone', () => {
    useZonesStore.setState({ entities: { 'zone-lab': makeZone() } });
    renderRow();
    expect(screen.getByTestId('device-zone').textContent).toBe('Unknown');
    act(() => useZonesStore.getState().applyPresence([makePresence()]));
    expect(screen.getByTestId('device-zone').textContent).toBe('Lab');
    act(() => useZonesStore.getState().applyPresence([makePresence({ state: 'unknown' })]));
    expect(screen.getByTestId('device-zone').textContent).toBe('Unknown');
    act(() =>
      useZonesStore.getState().applyPresence([makePresence({ state: 'none', zoneId: null })]),
    );
    expect(screen.getByTestId('device-zone').textContent).toBe('Not in a zone');
  });

  it('is the last row of the marker tooltip, in the language', () => {
    useZonesStore.setState({ entities: { 'zone-lab': makeZone() } });
    useZonesStore.getState().applyPresence([makePresence()]);
    expect(deviceTooltipHtml(placed, translator('en'), 'en')).toContain(
      '<div><dt>Zone</dt><dd>Lab</dd></div></dl>',
    );
    useZonesStore.getState().applyPresence([makePresence({ state: 'unknown' })]);
    expect(deviceTooltipHtml(placed, translator('he'), 'he')).toContain(
      '<div><dt>אזור</dt><dd>לא ידוע</dd></div></dl>',
    );
  });
});
