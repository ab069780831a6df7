import { describe, expect, it } from 'vitest';
import { loadStoredView, storeView } from './map-view.ts';

describe('stored map views', () => {
  it("round-trips a view under 'mapView:<id>'", () => {
    storeView('m1', { center: { x: 10, y: 20 }, zoom: 0.75 });
    expect(JSON.parse(localStorage.getItem('mapView:m1')!)).toEqual({
      center: { x: 10, y: 20 },
      zoom: 0.75,
    });
    expect(loadStoredView('m1')).toEqual({ center: { x: 10, y: 20 }, zoom: 0.75 });
  });
  it('is null the first time and for damaged entries', () => {
    expect(loadStoredView('never')).toBeNull();
    localStorage.setItem('mapView:bad', '{not json');
    expect(loadStoredView('bad')).toBeNull();
    localStorage.setItem('mapView:nan', JSON.stringify({ center: { x: 'a', y: 1 }, zoom: 1 }));
    expect(loadStoredView('nan')).toBeNull();
    localStorage.setItem('mapView:zero', JSON.stringify({ center: { x: 1, y: 1 }, zoom: 0 }));
    expect(loadStoredView('zero')).toBeNull();
  });
});
