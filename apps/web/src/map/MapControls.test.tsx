import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { useUiStore } from '../features/layout/ui-store.ts';
import { useMapsStore } from '../features/maps/maps-store.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { makeMap } from '../test/fixtures.ts';
import { ImageCRS } from './crs.ts';
import { MapContext } from './map-context.ts';
import { MapControls } from './MapControls.tsx';
import { readView } from './map-view.ts';
import { renderTranslated } from '../test/render.tsx';

let leaflet: L.Map;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, {
    crs: ImageCRS,
    zoomControl: false,
    zoomAnimation: false,
    fadeAnimation: false,
    zoomSnap: 0,
    minZoom: -12,
    maxZoom: 7,
  });
  leaflet.setView([300, 400], 0, { animate: false });
  useUiStore.setState({ language: 'en', isEditMode: false });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
  vi.unstubAllGlobals();
});

function renderControls(map: TrackingMap, onScaleTool = () => {}) {
  useMapsStore.setState({ entities: { [map._id]: map }, userMaps: [map._id] });
  const frame = createRef<HTMLDivElement>();
  return renderTranslated(
    <div ref={frame}>
      <MapContext.Provider value={leaflet}>
        <MapControls map={map} frame={frame} scaleActive={false} onScaleTool={onScaleTool} />
      </MapContext.Provider>
    </div>,
  );
}
const button = (name: string) => screen.getByRole('button', { name });

describe('MapControls', () => {
  it('zooms in and out by 0.2 of scale', async () => {
    // jsdom has no layout, so Leaflet's own zoom is stubbed: the test checks the requested scale.
    vi.spyOn(leaflet, 'getZoom').mockReturnValue(0);
    const setZoom = vi.spyOn(leaflet, 'setZoom').mockReturnValue(leaflet);
    renderControls(makeMap());
    await userEvent.click(button('Zoom in'));
    await userEvent.click(button('Zoom out'));
    expect(setZoom.mock.calls.map(([z]) => 2 ** z)).toEqual([
      expect.closeTo(1.2, 6),
      expect.closeTo(0.8, 6),
    ]);
  });

  it('disables Load view preset when none is saved, and loads a saved one', async () => {
    const { unmount } = renderControls(makeMap());
    expect(button('Load view preset')).toHaveProperty('disabled', true);
    unmount();
    renderControls(makeMap({ settings: { savedView: { center: { x: 100, y: 50 }, zoom: 2 } } }));
    await userEvent.click(button('Load view preset'));
    const view = readView(leaflet);
    expect(view.zoom).toBeCloseTo(2, 6);
    expect(view.center.x).toBeCloseTo(100, 6);
    expect(view.center.y).toBeCloseTo(50, 6);
  });

  it('saves the current view as the preset', async () => {
    const { calls } = mockFetch({
      'PATCH /api/maps/map-1/preset': (c) => jsonResponse({ success: true, savedView: c.body }),
    });
    renderControls(makeMap());
    await userEvent.click(button('Save view preset'));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ center: { x: 400, y: 300 }, zoom: 1 });
    await vi.waitFor(() =>
      expect(useMapsStore.getState().entities['map-1']?.settings.savedView?.zoom).toBe(1),
    );
  });

  it('toggles edit mode', async () => {
    renderControls(makeMap());
    await userEvent.click(button('Edit mode'));
    expect(useUiStore.getState().isEditMode).toBe(true);
    expect(button('Edit mode').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button('Edit mode'));
    expect(useUiStore.getState().isEditMode).toBe(false);
  });

  it('hides edit mode, save preset and the scale tool from viewers', () => {
    renderControls(makeMap({ accessLevel: 'viewer' }));
    expect(screen.queryByRole('button', { name: 'Edit mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save view preset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set map scale' })).toBeNull();
    expect(button('Load view preset')).toBeDefined();
  });

  it("follows the browser's full-screen events", async () => {
    const { container } = renderControls(makeMap());
    const frame = container.firstElementChild!;
    const request = vi.fn(() => Promise.resolve());
    (frame as HTMLElement).requestFullscreen = request;
    await userEvent.click(button('Full screen'));
    expect(request).toHaveBeenCalled();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: frame });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(button('Exit full screen').getAttribute('aria-pressed')).toBe('true');
    // Leaving with the browser's own control (Escape) is followed too.
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(button('Full screen').getAttribute('aria-pressed')).toBe('false');
  });

  it('starts full screen when mounted in a frame that already is (another floor shown)', () => {
    const stage = document.createElement('div');
    document.body.append(stage);
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: stage });
    try {
      const map = makeMap();
      useMapsStore.setState({ entities: { [map._id]: map }, userMaps: [map._id] });
      renderTranslated(
        <MapContext.Provider value={leaflet}>
          <MapControls
            map={map}
            frame={{ current: stage }}
            scaleActive={false}
            onScaleTool={() => {}}
          />
        </MapContext.Provider>,
      );
      expect(button('Exit full screen').getAttribute('aria-pressed')).toBe('true');
    } finally {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
      stage.remove();
    }
  });
});
