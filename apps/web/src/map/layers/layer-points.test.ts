import { afterEach, describe, expect, it, vi } from 'vitest';
import L from 'leaflet';
import { ImageCRS } from '../crs.ts';
import { layerPoints } from './layer-points.ts';

let map: L.Map | null = null;
afterEach(() => {
  map?.remove();
  map = null;
});

const mapWith = (crs: L.CRS, zoom: number) => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  map = L.map(host, { crs, zoomControl: false, zoomSnap: 0, minZoom: -12 });
  return map.setView([310.25, 415.5], zoom);
};

describe('layer points', () => {
  it("are Leaflet's own at whole and fractional zooms, in flat CRSs", () => {
    for (const crs of [ImageCRS, L.CRS.Simple])
      for (const zoom of [-3, -1.37, 0, 0.6, 2]) {
        const m = mapWith(crs, zoom);
        const at = layerPoints(m);
        const out = { x: 0, y: 0 };
        const points: L.Point[] = [];
        for (const [lat, lng] of [
          [0, 0],
          [12.3, 45.6],
          [599.99, 799.5],
          [-20.25, 1000.75],
        ] as const) {
          const leaflet = vi.spyOn(m, 'latLngToLayerPoint');
          at(lat, lng, out);
          // Its own arithmetic, not a call to Leaflet.
          expect(leaflet).not.toHaveBeenCalled();
          leaflet.mockRestore();
          points.push(m.latLngToLayerPoint([lat, lng]));
          expect(out).toEqual({ x: points.at(-1)!.x, y: points.at(-1)!.y });
        }
        m.remove();
        map = null;
      }
  });
  it('fall back to Leaflet where the projection is not flat', () => {
    const m = mapWith(L.CRS.EPSG3857, 3);
    const out = { x: 0, y: 0 };
    layerPoints(m)(51.5, -0.12, out);
    const p = m.latLngToLayerPoint([51.5, -0.12]);
    expect(out).toEqual({ x: p.x, y: p.y });
  });
});
