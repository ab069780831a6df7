import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { useUiStore } from '../features/layout/ui-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeMap } from '../test/fixtures.ts';
import { ImageCRS } from './crs.ts';
import { MapContext } from './map-context.ts';
import { ScaleTool } from './ScaleTool.tsx';
import { renderTranslated } from '../test/render.tsx';

let leaflet: L.Map;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useUiStore.setState({ language: 'en' });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
  vi.unstubAllGlobals();
});

function renderTool(map: TrackingMap, onDone = vi.fn()) {
  useMapsStore.setState({ entities: { [map._id]: map }, userMaps: [map._id] });
  renderTranslated(
    <MapContext.Provider value={leaflet}>
      <ScaleTool
        map={map}
        save={(ppm) => useMapsStore.getState().setPixelsPerMetre(map._id, ppm)}
        onDone={onDone}
      />
    </MapContext.Provider>,
  );
  return onDone;
}
const clickPlan = (x: number, y: number) =>
  act(() => void leaflet.fire('click', { latlng: L.latLng(y, x) }));

describe('ScaleTool', () => {
  it('saves pixels per metre from a drawn line and its real length', async () => {
    const map = makeMap();
    const { calls } = mockFetch({
      'PUT /api/maps/map-1': (c) =>
        jsonResponse({
          success: true,
          map: { ...map, settings: (c.body as TrackingMap).settings },
        }),
    });
    const onDone = renderTool(map);
    expect(screen.getByText('Scale not set')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save scale' })).toHaveProperty('disabled', true);
    clickPlan(100, 100);
    clickPlan(400, 500);
    expect(screen.getByText('Line length: 500.0 px')).toBeDefined();
    await userEvent.type(screen.getByLabelText('Real length of the line (metres)'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect((calls[0]!.body as TrackingMap).settings.pixelsPerMetre).toBe(25);
    expect(useMapsStore.getState().entities['map-1']?.settings.pixelsPerMetre).toBe(25);
  });

  it('refuses a length that is not positive, without saving', async () => {
    const { calls } = mockFetch({});
    renderTool(makeMap({ settings: { pixelsPerMetre: 12.5 } }));
    expect(screen.getByText('Scale: 12.50 px per metre')).toBeDefined();
    clickPlan(0, 0);
    clickPlan(10, 0);
    await userEvent.type(screen.getByLabelText('Real length of the line (metres)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a length greater than 0');
    expect(calls).toHaveLength(0);
  });

  it('starts a new line on a third click and closes on Cancel', async () => {
    const onDone = renderTool(makeMap());
    clickPlan(0, 0);
    clickPlan(10, 0);
    clickPlan(20, 0);
    expect(screen.queryByText(/^Line length/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalled();
  });
});
