import { WALK_ERRORS } from '@rtls/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice, makeMap } from '../../test/fixtures.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { renderWithI18n, seedMaps } from '../maps/test-helpers.tsx';
import { makeWalk, TAG } from './walk-fixtures.ts';
import { WalkSection } from './WalkSection.tsx';
import { useWalksStore } from './walks-store.ts';

const OTHER = 'AA:BB:CC:00:00:02';

function seed(accessLevel: 'owner' | 'editor' | 'viewer') {
  const map = makeMap({ accessLevel });
  seedMaps(accessLevel === 'owner' ? [map] : [], accessLevel === 'owner' ? [] : [map], {
    currentMapId: map._id,
  });
  useDevicesStore.setState({
    monitored: [TAG, OTHER],
    entities: {
      [TAG]: makeDevice({ mac: TAG, name: 'Walker' }),
      [OTHER]: makeDevice({ mac: OTHER, name: 'Asset' }),
    },
    positions: {},
  });
  useWalksStore.getState().close();
}

beforeEach(() => seed('editor'));
restoreStubsAfterEach();

const walks = (...list: ReturnType<typeof makeWalk>[]) => jsonResponse({ walks: list });
const MODEL = 'GET /api/maps/map-1/radio-calibration';
const model = (calibrationId: string | null) =>
  jsonResponse({
    radioCalibration: {
      mapId: 'map-1',
      calibrationId,
      appliedAt: calibrationId ? '2026-11-20T09:00:00.000Z' : null,
      gateways: [],
      canUndo: calibrationId !== null,
    },
  });

describe('walk section', () => {
  it('shows a viewer the accuracy reports but no way to walk or calibrate', () => {
    seed('viewer');
    mockFetch({});
    renderWithI18n(<WalkSection />);
    expect(screen.getByRole('button', { name: 'Accuracy reports' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Start walk' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tag you carry' })).toBeNull();
  });

  it('starts a walk with the tag chosen from the map’s devices', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/map-1/walks': walks(),
      'POST /api/maps/map-1/walks': jsonResponse({ walk: makeWalk(0, { deviceMac: OTHER }) }, 201),
      [MODEL]: model(null),
    });
    renderWithI18n(<WalkSection />);
    const tag = screen.getByRole('combobox', { name: 'Tag you carry' });
    expect([...tag.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      `Asset (${OTHER})`,
      `Walker (${TAG})`,
    ]);
    await userEvent.selectOptions(tag, OTHER);
    await userEvent.click(screen.getByRole('button', { name: 'Start walk' }));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ deviceMac: OTHER });
    expect(await screen.findByTestId('walk-panel')).toBeDefined();
    expect(screen.getByTestId('walk-status').textContent).toBe(
      'Walk started. 0 points (at least 8 needed).',
    );
    // The pressed Start is gone: focus goes to the walk, not back to the page.
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'The walk' }));
  });

  it('lists the unfinished walks and resumes one with its points', async () => {
    mockFetch({
      'GET /api/maps/map-1/walks': walks(
        makeWalk(3),
        makeWalk(9, { id: 'w0', status: 'finished' }),
      ),
      'GET /api/walks/w1': jsonResponse({ walk: makeWalk(3) }),
      [MODEL]: model(null),
    });
    renderWithI18n(<WalkSection />);
    const list = await screen.findByTestId('walk-unfinished');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list.textContent).toMatch(/Walker: 3 points/);
    await userEvent.click(within(list).getByRole('button', { name: /^Resume the walk of/ }));
    const points = await screen.findByRole('list', { name: 'Points of the walk' });
    expect(within(points).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says which model locates the map and undoes the last calibration', async () => {
    const { calls } = mockFetch({
      'GET /api/maps/map-1/walks': walks(),
      [MODEL]: model('c1'),
      'POST /api/maps/map-1/radio-calibration/undo': model(null),
    });
    renderWithI18n(<WalkSection />);
    const shown = await screen.findByTestId('walk-model');
    expect(shown.textContent).toMatch(/^The map is located with the calibration applied 20 Nov/);
    await userEvent.click(screen.getByRole('button', { name: 'Undo the last calibration' }));
    await vi.waitFor(() =>
      expect(shown.textContent).toBe("The map is located with its gateways' own settings."),
    );
    expect(screen.queryByRole('button', { name: 'Undo the last calibration' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('records at the crosshair by keyboard and marks a point to redo', async () => {
    useWalksStore.setState({ walk: makeWalk(2), centre: () => ({ x: 300, y: 150 }) });
    const { calls } = mockFetch({
      'POST /api/walks/w1/points': jsonResponse({ walk: makeWalk(3) }, 201),
    });
    renderWithI18n(<WalkSection />);
    screen.getByRole('button', { name: 'Record at the crosshair' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(calls[0]!.body).toMatchObject({ x: 300, y: 150 });
    expect(screen.getByTestId('walk-status').textContent).toMatch(/^Point 3 recorded\./);
    await userEvent.click(screen.getByRole('button', { name: 'Redo point 2' }));
    expect(screen.getByRole('button', { name: 'Redo point 2' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Redo point 2 at the crosshair' })).toBeDefined();
  });

  it("says why a walk cannot be finished, in the console's language", async () => {
    useWalksStore.setState({ walk: makeWalk(3) });
    mockFetch({
      'POST /api/walks/w1/finish': jsonResponse({ message: WALK_ERRORS.tooFewPoints.en }, 400),
    });
    renderWithI18n(<WalkSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Finish and calibrate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A walk needs at least 8 points');
    useUiStore.setState({ language: 'he' });
    expect((await screen.findByRole('alert')).textContent).toBe(WALK_ERRORS.tooFewPoints.he);
    expect(screen.getByTestId('walk-panel')).toBeDefined();
  });

  it('goes on to calibrate once the walk is finished', async () => {
    useWalksStore.setState({ walk: makeWalk(8) });
    const { calls } = mockFetch({
      'POST /api/walks/w1/finish': jsonResponse({ walk: makeWalk(8, { status: 'finished' }) }),
      'POST /api/walks/w1/calibrations': jsonResponse({ message: WALK_ERRORS.notHeard.en }, 422),
    });
    renderWithI18n(<WalkSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Finish and calibrate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WALK_ERRORS.notHeard.en);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/walks/w1/finish',
      'POST /api/walks/w1/calibrations',
    ]);
    expect(screen.getByRole('button', { name: 'Calibrate again' })).toBeDefined();
  });
});
