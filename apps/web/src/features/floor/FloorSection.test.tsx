import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorModel, TrackingMap, Zone } from '@rtls/contract';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { addPoint, finish } from './floor-draft.ts';
import { FloorSection } from './FloorSection.tsx';
import { useFloorStore } from './floor-store.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';

const p = (x: number, y: number) => ({ x, y });
const MODEL: FloorModel = {
  walls: [
    { id: 'w1', kind: 'heavy', points: [p(100, 100), p(300, 100)] },
    { id: 'w2', kind: 'light', points: [p(300, 100), p(300, 300)] },
  ],
  doors: [{ id: 'd1', a: p(150, 100), b: p(180, 100) }],
  outline: [p(0, 0), p(400, 0), p(400, 400)],
};
const planMap = (over: Partial<TrackingMap> = {}) =>
  makeMap({
    settings: { imageSize: { width: 1200, height: 800 }, backgroundImage: '/maps/floor1.svg' },
    ...over,
  });

function renderSection(map: TrackingMap) {
  useFloorStore.setState({ ...useFloorStore.getInitialState(), mapId: map._id, model: MODEL });
  useZonesStore.setState({ ...useZonesStore.getInitialState(), mapId: map._id });
  renderTranslated(<FloorSection map={map} />);
}
const editor = () => screen.getByTestId('floor-editor');
const drawWall = (...points: { x: number; y: number }[]) =>
  act(() =>
    useFloorStore
      .getState()
      .changeDraft((d) => finish(points.reduce((acc, q) => addPoint(acc, q), d))),
  );

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

describe('walls and doors in the Zones tab', () => {
  it('a viewer sees what the model holds, read-only', () => {
    renderSection(planMap({ accessLevel: 'viewer' }));
    expect(screen.getByTestId('floor-summary').textContent).toBe(
      '2 walls · 1 door · walkable outline drawn',
    );
    expect(screen.getByText(/only its owners and editors change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit walls and doors' })).toBeNull();
  });

  it('an editor picks a tool and a class, draws, and saves the whole model', async () => {
    const { calls } = mockFetch({
      'PUT /api/maps/map-1/floor-model': (c) =>
        jsonResponse({ success: true, floorModel: c.body, updatedAt: '2026-11-27T05:00:00Z' }),
    });
    renderSection(planMap({ accessLevel: 'editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit walls and doors' }));
    const tools = within(editor()).getByRole('group', { name: 'Tool' });
    expect(within(tools).getByRole('button', { name: 'Wall' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.selectOptions(within(editor()).getByLabelText('Wall class'), 'glass');
    drawWall(p(10, 10), p(10, 90));
    await userEvent.click(within(tools).getByRole('button', { name: 'Door' }));
    expect(screen.getByTestId('floor-hint').textContent).toBe(
      'Click a wall where the door starts.',
    );
    await userEvent.click(within(editor()).getByRole('button', { name: 'Undo' }));
    expect(useFloorStore.getState().draft!.model.walls).toHaveLength(2);
    await userEvent.click(within(tools).getByRole('button', { name: 'Wall' }));
    drawWall(p(10, 10), p(10, 90));
    await userEvent.click(within(editor()).getByRole('button', { name: 'Save walls and doors' }));
    await vi.waitFor(() => expect(screen.queryByTestId('floor-editor')).toBeNull());
    expect((calls[0]!.body as FloorModel).walls.at(-1)).toMatchObject({
      kind: 'glass',
      points: [p(10, 10), p(10, 90)],
    });
    expect(screen.getByTestId('floor-summary').textContent).toMatch(/^3 walls/);
  });

  it('selects a wall to change its class and loss, deletes it; a refusal says why', async () => {
    mockFetch({
      'PUT /api/maps/map-1/floor-model': jsonResponse({ message: 'Forbidden' }, 403),
    });
    renderSection(planMap({ accessLevel: 'owner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit walls and doors' }));
    act(() =>
      useFloorStore.getState().changeDraft((d) => ({
        ...d,
        tool: 'select',
        selection: { kind: 'wall', id: 'w2' },
      })),
    );
    expect(screen.getByText('Selected: a wall')).toBeTruthy();
    await userEvent.type(within(editor()).getByLabelText('Loss per crossing (dB)'), '6');
    expect(useFloorStore.getState().draft!.model.walls[1]).toMatchObject({ lossDb: 6 });
    await userEvent.click(within(editor()).getByRole('button', { name: 'Delete selected' }));
    expect(useFloorStore.getState().draft!.model.walls.map((w) => w.id)).toEqual(['w1']);
    await userEvent.click(within(editor()).getByRole('button', { name: 'Save walls and doors' }));
    expect((await within(editor()).findByRole('alert')).textContent).toBe(
      'Failed to save the floor model: your access to this map does not allow this change',
    );
  });

  it('suggests the plan walls not drawn yet, to accept one by one or all at once', async () => {
    renderSection(planMap());
    await userEvent.click(screen.getByRole('button', { name: 'Edit walls and doors' }));
    // The plan as read: one stroke on wall w1, two new ones.
    const stroke = (a: { x: number; y: number }, b: { x: number; y: number }) => ({
      a,
      b,
      thickness: 6,
    });
    act(() =>
      useFloorStore.setState({
        plan: {
          state: 'ready',
          strokes: [
            stroke(p(100, 100), p(300, 100)),
            stroke(p(20, 500), p(420, 500)),
            stroke(p(20, 600), p(60, 600)),
          ],
        },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suggest walls from the plan' }));
    expect(screen.getByTestId('floor-suggest-status').textContent).toBe(
      '2 walls suggested (dashed on the map): accept or reject each, or all at once.',
    );
    const list = screen.getByTestId('floor-suggestion-list');
    expect(
      within(list).getByRole('button', { name: 'Select suggested wall 1 on the map' }).textContent,
    ).toBe('Suggested wall 1, 20.0 m');
    await userEvent.click(within(list).getByRole('button', { name: 'Reject suggested wall 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept all (1)' }));
    expect(useFloorStore.getState().draft!.model.walls.at(-1)!.points).toEqual([
      p(20, 500),
      p(420, 500),
    ]);
    expect(screen.queryByTestId('floor-suggestion-list')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Suggest walls from the plan' }));
    // The rejected one is still on the plan; the accepted one is a wall now.
    expect(screen.getByTestId('floor-suggest-status').textContent).toBe(
      '1 wall suggested (dashed on the map): accept or reject it.',
    );
  });

  it('makes a zone of each enclosed room no zone covers yet', async () => {
    const { calls } = mockFetch({
      'POST /api/maps/map-1/zones': (c) =>
        jsonResponse({ zone: { ...(c.body as Zone), id: 'z-new', mapId: 'map-1' } }, 201),
      'GET /api/maps/map-1/zones': jsonResponse({ zones: [] }),
    });
    renderSection(planMap());
    await userEvent.click(screen.getByRole('button', { name: 'Edit walls and doors' }));
    // Without the outline, walls w1 and w2 enclose nothing; the square drawn here is a room.
    await userEvent.click(screen.getByRole('button', { name: 'Remove outline' }));
    drawWall(p(500, 100), p(700, 100), p(700, 300), p(500, 300), p(500, 100));
    await userEvent.click(screen.getByRole('button', { name: 'Make zones of enclosed rooms' }));
    expect((await screen.findByTestId('floor-rooms-status')).textContent).toBe(
      'Created 1 zone: Room 1',
    );
    expect(calls[0]!.body).toMatchObject({ name: 'Room 1', color: '#F59E0B' });
    expect((calls[0]!.body as Zone).polygon).toHaveLength(4);
  });

  it('Cancel asks before dropping changes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderSection(planMap());
    await userEvent.click(screen.getByRole('button', { name: 'Edit walls and doors' }));
    drawWall(p(10, 10), p(10, 90));
    await userEvent.click(within(editor()).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledWith('Discard your changes to the walls and doors?');
    expect(screen.getByTestId('floor-editor')).toBeTruthy();
    confirm.mockReturnValue(true);
    await userEvent.click(within(editor()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('floor-editor')).toBeNull();
    expect(useFloorStore.getState().model).toEqual(MODEL);
  });
});
