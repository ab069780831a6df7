import { renderHook } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMap } from '../test/fixtures.ts';
import { ImageCRS } from './crs.ts';
import { loadStoredView, readView, storeView } from './map-view.ts';
import { restoreView, useViewPersistence } from './use-view-persistence.ts';
import { scaleToZoom } from './zoom.ts';

let leaflet: L.Map;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false, zoomSnap: 0, minZoom: -12 });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
  vi.useRealTimers();
});

describe('view persistence', () => {
  it('fits a map opened for the first time, and restores its remembered view later', () => {
    const map = makeMap({ _id: 'm1', settings: { imageSize: { width: 2000, height: 1000 } } });
    restoreView(leaflet, map);
    // First open: centred on the plan (the fit).
    expect(readView(leaflet).center).toEqual({ x: 1000, y: 500 });
    expect(loadStoredView('m1')?.center).toEqual({ x: 1000, y: 500 });
    storeView('m1', { center: { x: 10, y: 20 }, zoom: 2 });
    restoreView(leaflet, map);
    const v = readView(leaflet);
    expect(v.center.x).toBeCloseTo(10, 6);
    expect(v.zoom).toBeCloseTo(2, 6);
  });

  it("applies the settings' zoom: opens at default × fit, zooming bounded by min and max × fit", () => {
    // Usable 1000 × 700 (30 px padding) for a 1800 × 1260 plan: fit = 0.9 × 5/9 = 0.5.
    // (jsdom has no 3D transforms, so Leaflet rounds requested zooms to powers of two.)
    Object.defineProperty(host, 'clientWidth', { value: 1060 });
    Object.defineProperty(host, 'clientHeight', { value: 760 });
    const map = makeMap({ _id: 'm3', settings: { imageSize: { width: 1800, height: 1260 } } });
    restoreView(leaflet, map, { defaultZoom: 2, minZoom: 0.5, maxZoom: 3 });
    expect(readView(leaflet).zoom).toBeCloseTo(1, 6);
    leaflet.setZoom(scaleToZoom(50), { animate: false });
    expect(readView(leaflet).zoom).toBeCloseTo(1.5, 6);
    leaflet.setZoom(scaleToZoom(0.01), { animate: false });
    expect(readView(leaflet).zoom).toBeCloseTo(0.25, 6);
    // Reopened: the remembered view, within the bounds of the settings then.
    storeView('m3', { center: { x: 10, y: 20 }, zoom: 40 });
    restoreView(leaflet, map, { defaultZoom: 1, minZoom: 0.5, maxZoom: 4 });
    expect(readView(leaflet).zoom).toBeCloseTo(2, 6);
  });

  it('stores pan and zoom per map once the view has settled for 100 ms', () => {
    vi.useFakeTimers();
    leaflet.setView([50, 60], 0);
    renderHook(() => useViewPersistence(leaflet, 'm2'));
    leaflet.fire('moveend');
    vi.advanceTimersByTime(60);
    leaflet.fire('moveend');
    vi.advanceTimersByTime(99);
    expect(loadStoredView('m2')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(loadStoredView('m2')).toEqual({ center: { x: 60, y: 50 }, zoom: 1 });
  });
});
