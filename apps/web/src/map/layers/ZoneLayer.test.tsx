import { act, fireEvent } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackingMap } from '@rtls/contract';
import { useUiStore } from '../../features/layout/ui-store.ts';
import { useZonesStore } from '../../features/zones/zones-store.ts';
import { makeMap } from '../../test/fixtures.ts';
import { makeZone } from '../../test/zone-fixtures.ts';
import { ImageCRS } from '../crs.ts';
import { MapContext } from '../map-context.ts';
import { ZoneLayer } from './ZoneLayer.tsx';
import { renderTranslated } from '../../test/render.tsx';

let leaflet: L.Map;
let host: HTMLDivElement;

const lab = makeZone();

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useUiStore.setState({ language: 'en' });
  useZonesStore.setState({
    ...useZonesStore.getInitialState(),
    mapId: 'map-1',
    entities: { [lab.id]: lab },
    occupancy: { [lab.id]: 2 },
    visible: true,
  });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
});

function renderLayer(map: TrackingMap = makeMap()) {
  return renderTranslated(
    <MapContext.Provider value={leaflet}>
      <ZoneLayer map={map} />
    </MapContext.Provider>,
  );
}
const clickPlan = (x: number, y: number) =>
  act(() => void leaflet.fire('click', { latlng: L.latLng(y, x) }));
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));
const draft = () => useZonesStore.getState().draft;
const handles = () => {
  const found: L.Marker[] = [];
  leaflet.eachLayer((l) => {
    if (l instanceof L.Marker && String(l.options.icon?.options.className).includes('zone-vertex'))
      found.push(l);
  });
  return found;
};

describe('zones layer', () => {
  it('draws each zone with its name and occupancy for a viewer, who cannot draw', () => {
    renderLayer(makeMap({ accessLevel: 'viewer' }));
    const label = host.querySelector('[data-testid="zone-label"]');
    expect(label?.textContent).toBe('Lab2');
    expect(label?.querySelector('[data-testid="zone-count"]')?.getAttribute('aria-label')).toBe(
      '2 devices inside',
    );
    act(() => useZonesStore.getState().startDrawing());
    clickPlan(10, 10);
    expect(draft()?.vertices).toEqual([]);
  });

  it('follows live occupancy (the outline stays as it is) and hides with the View toggle', () => {
    renderLayer();
    const outlines = () => {
      const found: L.Polygon[] = [];
      leaflet.eachLayer((l) => void (l instanceof L.Polygon && found.push(l)));
      return found;
    };
    const [outline] = outlines();
    expect(outline).toBeDefined();
    act(() =>
      useZonesStore.getState().applyOccupancy({
        mapId: 'map-1',
        zones: [{ zoneId: lab.id, count: 5 }],
        unknown: 0,
        at: '2026-11-24T01:00:00.000Z',
      }),
    );
    expect(host.querySelector('[data-testid="zone-count"]')?.textContent).toBe('5');
    expect(outlines()).toHaveLength(1);
    expect(outlines()[0]).toBe(outline);
    act(() => useZonesStore.getState().setVisible(false));
    expect(host.querySelector('[data-testid="zone-label"]')).toBeNull();
    expect(outlines()).toEqual([]);
  });
});

describe('drawing a zone on the map', () => {
  it('adds corners on clicks and closes the outline on a click at the first corner', () => {
    renderLayer();
    act(() => useZonesStore.getState().startDrawing());
    expect(host.classList.contains('drawing-zone')).toBe(true);
    clickPlan(100, 100);
    clickPlan(300, 100);
    clickPlan(300, 300);
    expect(handles()).toHaveLength(3);
    act(() => void handles()[0]!.fire('click'));
    expect(draft()).toMatchObject({
      closed: true,
      vertices: [
        { x: 100, y: 100 },
        { x: 300, y: 100 },
        { x: 300, y: 300 },
      ],
    });
  });

  it('snaps a corner to a vertex of another zone within a few pixels', () => {
    renderLayer();
    act(() => useZonesStore.getState().startDrawing());
    clickPlan(505, 496);
    expect(draft()?.vertices).toEqual([{ x: 500, y: 500 }]);
  });

  it('keeps corners on the floor plan', () => {
    renderLayer();
    act(() => useZonesStore.getState().startDrawing());
    clickPlan(-40, 2000);
    expect(draft()?.vertices).toEqual([{ x: 0, y: 800 }]);
  });

  it('closes with Enter, undoes with Backspace and cancels with Escape', () => {
    renderLayer();
    act(() => useZonesStore.getState().startDrawing());
    clickPlan(100, 100);
    clickPlan(300, 100);
    clickPlan(300, 300);
    clickPlan(100, 300);
    press('Backspace');
    expect(draft()?.vertices).toHaveLength(3);
    press('Enter');
    expect(draft()?.closed).toBe(true);
    press('Escape');
    expect(draft()).toBeNull();
    expect(host.classList.contains('drawing-zone')).toBe(false);
    clickPlan(50, 50);
    expect(draft()).toBeNull();
  });

  it('does not take Enter or Backspace typed in the zone name field or on a button', () => {
    renderLayer();
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);
    act(() => useZonesStore.getState().startDrawing());
    clickPlan(100, 100);
    clickPlan(300, 100);
    clickPlan(300, 300);
    act(() => void fireEvent.keyDown(input, { key: 'Backspace' }));
    act(() => void fireEvent.keyDown(button, { key: 'Enter' }));
    expect(draft()).toMatchObject({ closed: false });
    expect(draft()?.vertices).toHaveLength(3);
    input.remove();
    button.remove();
  });

  it('edits a zone by dragging its corners; the zone itself is hidden meanwhile', () => {
    renderLayer();
    act(() => useZonesStore.getState().startEditing(lab.id));
    expect(host.querySelector('[data-testid="zone-label"]')).toBeNull();
    const corner = handles()[2]!;
    act(() => {
      corner.setLatLng([650, 640]);
      corner.fire('dragend');
    });
    expect(draft()?.vertices[2]).toEqual({ x: 640, y: 650 });
    expect(useZonesStore.getState().entities[lab.id]?.polygon[2]).toEqual({ x: 600, y: 600 });
    // Clicks while editing do not add corners to the closed outline.
    clickPlan(10, 10);
    expect(draft()?.vertices).toHaveLength(3);
  });

  it('moves a focused corner with the arrow keys, keeping the focus on it', () => {
    renderLayer();
    act(() => useZonesStore.getState().startEditing(lab.id));
    const corner = () => handles()[1]!.getElement()!;
    act(() => corner().focus());
    act(() => void fireEvent.keyDown(corner(), { key: 'ArrowRight' }));
    expect(draft()?.vertices[1]).toEqual({ x: 601, y: 500 });
    expect(document.activeElement).toBe(corner());
    expect(corner().getAttribute('aria-label')).toBe('Corner 2');
    act(() => void fireEvent.keyDown(corner(), { key: 'ArrowDown', shiftKey: true }));
    expect(draft()?.vertices[1]).toEqual({ x: 601, y: 510 });
  });
});
