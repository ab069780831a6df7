import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILDING_ERRORS } from '@rtls/contract';
import { makeBuilding } from '../../test/building-fixtures.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeMap } from '../../test/fixtures.ts';
import { renderTranslated } from '../../test/render.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { BuildingsSection } from './BuildingsSection.tsx';
import { useBuildingsStore } from './buildings-store.ts';

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useBuildingsStore.getState().reset();
  useMapsStore.setState({
    entities: {
      g: makeMap({ _id: 'g', name: 'Ground' }),
      f: makeMap({ _id: 'f', name: 'First' }),
    },
    userMaps: ['g', 'f'],
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Type a spot's x and y into the fields labelled with the spot's name. */
async function typeSpot(label: string, x: number, y: number) {
  await userEvent.type(screen.getByRole('spinbutton', { name: `${label}: x` }), String(x));
  await userEvent.type(screen.getByRole('spinbutton', { name: `${label}: y` }), String(y));
}

describe('BuildingsSection', () => {
  it('makes a building of two maps, the upper one aligned, with stairs on both', async () => {
    const created = makeBuilding({ name: 'North wing' });
    const { calls } = mockFetch({
      'POST /api/buildings': jsonResponse({ success: true, building: created }, 201),
      'GET /api/buildings': jsonResponse({ success: true, buildings: [created] }),
    });
    renderTranslated(<BuildingsSection />);
    expect(screen.getByText('No buildings yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New building' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Building name' }), 'North wing');
    await userEvent.click(screen.getByRole('button', { name: 'Add floor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add floor' }));
    // Only the floor above the lowest is aligned to it.
    expect(screen.getAllByRole('group', { name: /^Alignment of/ }).length).toBe(1);
    await typeSpot('Spot 1 on this floor', 100, 80);
    await typeSpot('Spot 2 on this floor', 900, 500);
    await typeSpot('Spot 1 on the lowest floor', 98, 84);
    await typeSpot('Spot 2 on the lowest floor', 897, 506);
    await userEvent.click(screen.getByRole('button', { name: 'Add stairs' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name (Stairs)' }), 'Core A');
    await typeSpot('Stop on Ground', 100, 80);
    await typeSpot('Stop on First', 98, 84);
    await userEvent.click(screen.getByRole('button', { name: 'Save building' }));

    await screen.findByText('North wing');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'North wing',
      floors: [
        { mapId: 'g', level: 0, heightM: 3 },
        {
          mapId: 'f',
          level: 1,
          heightM: 3,
          alignment: {
            here: [
              { x: 100, y: 80 },
              { x: 900, y: 500 },
            ],
            base: [
              { x: 98, y: 84 },
              { x: 897, y: 506 },
            ],
          },
        },
      ],
      links: [
        {
          kind: 'stairs',
          name: 'Core A',
          stops: [
            { mapId: 'g', x: 100, y: 80 },
            { mapId: 'f', x: 98, y: 84 },
          ],
        },
      ],
    });
    expect(screen.getByText('3 floors')).toBeTruthy();
  });

  it('says what is missing before sending, in either language, and the server’s reason after', async () => {
    const { calls } = mockFetch({
      'POST /api/buildings': jsonResponse({ message: BUILDING_ERRORS.inOtherBuilding }, 409),
    });
    renderTranslated(<BuildingsSection />);
    await userEvent.click(screen.getByRole('button', { name: 'New building' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save building' }));
    expect(screen.getByRole('alert').textContent).toBe('Give the building a name.');
    act(() => useUiStore.setState({ language: 'he' }));
    await userEvent.click(screen.getByRole('button', { name: 'שמירת המבנה' }));
    expect(screen.getByRole('alert').textContent).toBe('יש לתת שם למבנה.');
    act(() => useUiStore.setState({ language: 'en' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Building name' }), 'East');
    await userEvent.click(screen.getByRole('button', { name: 'Add floor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save building' }));
    const form = screen.getByTestId('building-form');
    await vi.waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        BUILDING_ERRORS.inOtherBuilding,
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('deletes a building once the user confirms', async () => {
    useBuildingsStore.setState({ buildings: [makeBuilding()] });
    const { calls } = mockFetch({
      'DELETE /api/buildings/b1': jsonResponse({ success: true }),
      'GET /api/buildings': jsonResponse({ success: true, buildings: [] }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderTranslated(<BuildingsSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete North wing' }));
    await screen.findByText('No buildings yet.');
    expect(calls.map((c) => c.method)).toEqual(['DELETE', 'GET']);
  });
});
