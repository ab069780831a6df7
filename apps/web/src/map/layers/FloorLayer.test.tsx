import { act, fireEvent, render } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FLOOR_MODEL, type FloorModel, type TrackingMap } from '@rtls/contract';
import { setTool } from '../../features/floor/floor-draft.ts';
import { useFloorStore } from '../../features/floor/floor-store.ts';
import { makeMap } from '../../test/fixtures.ts';
import { ImageCRS } from '../crs.ts';
import { MapContext } from '../map-context.ts';
import { FloorLayer } from './FloorLayer.tsx';

let leaflet: L.Map;
let host: HTMLDivElement;

const MODEL: FloorModel = {
  walls: [
    {
      id: 'w1',
      kind: 'heavy',
      points: [
        { x: 100, y: 100 },
        { x: 300, y: 100 },
      ],
    },
    {
      id: 'w2',
      kind: 'glass',
      points: [
        { x: 300, y: 100 },
        { x: 300, y: 300 },
      ],
    },
  ],
  doors: [{ id: 'd1', a: { x: 150, y: 100 }, b: { x: 180, y: 100 } }],
  outline: [
    { x: 50, y: 50 },
    { x: 400, y: 50 },
    { x: 400, y: 400 },
  ],
};

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  leaflet = L.map(host, { crs: ImageCRS, zoomControl: false }).setView([0, 0], 0);
  useFloorStore.setState({ ...useFloorStore.getInitialState(), mapId: 'map-1', model: MODEL });
});
afterEach(() => {
  leaflet.remove();
  host.remove();
});

function renderLayer(map: TrackingMap = makeMap()) {
  return render(
    <MapContext.Provider value={leaflet}>
      <FloorLayer map={map} />
    </MapContext.Provider>,
  );
}
const classes = () => {
  const found: string[] = [];
  leaflet.eachLayer((l) => {
    if (l instanceof L.Path) found.push(String(l.options.className));
  });
  return found.sort();
};
const clickPlan = (x: number, y: number) =>
  act(() => void leaflet.fire('click', { latlng: L.latLng(y, x) }));
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  act(() => void fireEvent.keyDown(document.body, { key, ...init }));
const draft = () => useFloorStore.getState().draft!;
const edit = () => act(() => useFloorStore.getState().startEditing());

describe('floor layer', () => {
  it('draws walls by class, each door as a gap with its ends, and the outline', () => {
    renderLayer(makeMap({ accessLevel: 'viewer' }));
    expect(classes()).toEqual([
      'floor-door',
      'floor-door-end',
      'floor-door-end',
      'floor-door-gap',
      'floor-outline',
      'floor-wall floor-wall-glass',
      'floor-wall floor-wall-heavy',
    ]);
  });

  it('hides with the View toggle, and shows the draft while editing all the same', () => {
    renderLayer();
    act(() => useFloorStore.getState().setVisible(false));
    expect(classes()).toEqual([]);
    edit();
    expect(classes()).toContain('floor-wall floor-wall-heavy');
  });

  it('with no walls and no choice made, draws nothing', () => {
    useFloorStore.setState({ model: EMPTY_FLOOR_MODEL });
    renderLayer();
    expect(classes()).toEqual([]);
  });
});

describe('floor editor on the map', () => {
  it('draws a wall by clicks that snap to wall ends, finished by a double click', () => {
    renderLayer();
    edit();
    clickPlan(303, 297); // near the end of w2
    clickPlan(500, 300);
    clickPlan(500, 300); // the double click's second click adds nothing
    expect(draft().pending).toEqual([
      { x: 300, y: 300 },
      { x: 500, y: 300 },
    ]);
    act(() => void leaflet.fire('dblclick', { latlng: L.latLng(300, 500) }));
    expect(draft().model.walls.at(-1)).toMatchObject({
      kind: 'light',
      points: [
        { x: 300, y: 300 },
        { x: 500, y: 300 },
      ],
    });
  });

  it('Enter finishes, Escape drops what is being drawn, Ctrl+Z undoes several steps', () => {
    renderLayer();
    edit();
    clickPlan(10, 10);
    press('Escape');
    expect(draft().pending).toEqual([]);
    clickPlan(10, 10);
    clickPlan(10, 60);
    press('Enter');
    clickPlan(20, 10);
    clickPlan(20, 60);
    press('Enter');
    expect(draft().model.walls).toHaveLength(4);
    press('z', { ctrlKey: true });
    press('z', { ctrlKey: true });
    expect(draft().model.walls).toEqual(MODEL.walls);
  });

  it('puts a door on a wall in two clicks, and deletes a selected door with Delete', () => {
    renderLayer();
    edit();
    act(() => useFloorStore.getState().changeDraft((d) => setTool(d, 'door')));
    clickPlan(220, 108);
    clickPlan(250, 95);
    expect(draft().model.doors.at(-1)).toMatchObject({
      a: { x: 220, y: 100 },
      b: { x: 250, y: 100 },
    });
    act(() => useFloorStore.getState().changeDraft((d) => setTool(d, 'select')));
    clickPlan(165, 102);
    expect(draft().selection).toEqual({ kind: 'door', id: 'd1' });
    press('Delete');
    expect(draft().model.doors.map((d) => d.id)).not.toContain('d1');
  });

  it('does not take clicks for a viewer', () => {
    renderLayer(makeMap({ accessLevel: 'viewer' }));
    edit();
    clickPlan(10, 10);
    expect(draft().pending).toEqual([]);
  });
});
