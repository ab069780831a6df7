import type { HeatmapResponse } from '@rtls/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeatmapStore } from '../../features/reports/heatmap-store.ts';
import { HeatmapControls } from '../../features/reports/HeatmapControls.tsx';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useMapsStore } from '../../features/maps/maps-store.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';
import { ImageCRS } from '../crs.ts';
import { MapContext } from '../map-context.ts';
import { HeatmapLayer } from './HeatmapLayer.tsx';

const HEATMAP = 'GET /api/maps/m1/history/heatmap';
const heatmap: HeatmapResponse = {
  success: true,
  mapId: 'm1',
  from: '2026-01-01T08:00:00.000Z',
  to: '2026-01-01T10:00:00.000Z',
  cellMetres: 2,
  cellPixels: 40,
  cells: [
    { i: 1, j: 2, n: 9, seconds: 3725 },
    { i: 3, j: 2, n: 1, seconds: 5 },
  ],
  total: 10,
  max: 9,
  totalSeconds: 3730,
  maxSeconds: 3725,
};

let leaflet: L.Map;
let host: HTMLDivElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useUiStore.setState({ language: 'en' });
  useMapsStore.setState({ currentMapId: 'm1' });
  useHeatmapStore.getState().hide();
  // jsdom draws nothing: a canvas that takes the pixels, and the image data it is given.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    putImageData: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,');
  vi.stubGlobal(
    'ImageData',
    class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    },
  );
});
restoreStubsAfterEach();
afterEach(() => {
  leaflet.remove();
  host.remove();
  useMapsStore.setState({ currentMapId: null });
});

const overlays = () => {
  const found: L.ImageOverlay[] = [];
  leaflet.eachLayer((l) => {
    if (l instanceof L.ImageOverlay) found.push(l);
  });
  return found;
};

function renderBoth(mapId = 'm1') {
  renderTranslated(
    <MapContext.Provider value={leaflet}>
      <HeatmapControls />
      <HeatmapLayer mapId={mapId} />
    </MapContext.Provider>,
  );
}

describe('Heatmap layer', () => {
  it('asks for the period and cell chosen and draws the cells over the plan, with a legend', async () => {
    const { calls } = mockFetch({ [HEATMAP]: jsonResponse(heatmap) });
    renderBoth();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Cell size' }), '2 m');
    await userEvent.click(screen.getByRole('button', { name: 'Show heatmap' }));
    await screen.findByRole('region', { name: 'Heatmap: time spent per cell' });
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('cell')).toBe('2');
    const [overlay] = overlays();
    expect(overlay?.getBounds()).toEqual(L.latLngBounds([80, 40], [120, 160]));
    expect(screen.getByText('1:02:05 (most)')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Hide heatmap' }));
    expect(overlays()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Heatmap: time spent per cell' })).toBeNull();
  });

  it("draws nothing on another map than the heatmap's", () => {
    renderBoth('m2');
    act(() => useHeatmapStore.setState({ shown: heatmap }));
    expect(overlays()).toHaveLength(0);
  });

  it('says so when nothing was kept in the period', async () => {
    mockFetch({
      [HEATMAP]: jsonResponse({
        ...heatmap,
        cells: [],
        total: 0,
        max: 0,
        totalSeconds: 0,
        maxSeconds: 0,
      }),
    });
    renderBoth();
    await userEvent.click(screen.getByRole('button', { name: 'Show heatmap' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'No positions were kept on this map in this period.',
    );
    expect(overlays()).toHaveLength(0);
  });
});
