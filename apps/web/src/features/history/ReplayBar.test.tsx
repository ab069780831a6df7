import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { ReplayBar } from './ReplayBar.tsx';
import { useReplayStore } from './replay-store.ts';

const T0 = Date.parse('2026-01-01T10:00:00Z');
const session = { mapId: 'm1', from: T0, to: T0 + 3_600_000, preset: 'hour' as const };
const at = () => Number(screen.getByTestId('replay-bar').dataset.at);

function routes(positionsStatus = 200) {
  const refused = jsonResponse(
    { message: 'The range is beyond retention: positions are kept 90 days' },
    400,
  );
  return mockFetch({
    'GET /api/maps/m1/history/state':
      positionsStatus === 200
        ? jsonResponse({
            success: true,
            mapId: 'm1',
            at: new Date(T0).toISOString(),
            devices: [{ mac: 'A', at: new Date(T0).toISOString(), x: 5, y: 5 }],
          })
        : refused,
    'GET /api/maps/m1/history/positions':
      positionsStatus === 200
        ? jsonResponse({
            success: true,
            mapId: 'm1',
            next: null,
            devices: [{ mac: 'A', points: [{ at: new Date(T0).toISOString(), x: 5, y: 5 }] }],
          })
        : refused,
    'GET /api/maps/m1/history/visits': jsonResponse({
      success: true,
      mapId: 'm1',
      visits: [],
      next: null,
    }),
  });
}

async function openBar(at = T0 + 60_000) {
  renderTranslated(<ReplayBar mapId="m1" />);
  await act(() => useReplayStore.getState().open(session, at));
}

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();
afterEach(() => act(() => useReplayStore.getState().close()));

describe('replay time bar', () => {
  it('plays and pauses at the chosen speed', async () => {
    routes();
    await openBar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '60');
    expect(useReplayStore.getState().clock?.speed).toBe(60);
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('replay-bar').dataset.playing).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByTestId('replay-bar').dataset.playing).toBe('false');
  });

  it('scrubs with the keyboard and says the time it shows', async () => {
    routes();
    await openBar();
    const slider = screen.getByRole('slider', { name: 'Replayed time' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(at()).toBe(T0 + 70_000);
    await userEvent.keyboard('{PageDown}');
    expect(at()).toBe(T0);
    await userEvent.keyboard('{End}');
    expect(at()).toBe(session.to);
    expect(slider.getAttribute('aria-valuetext')).toBe(
      new Date(session.to).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }),
    );
  });

  it('steps forward with the arrow that points the way the slider runs in Hebrew', async () => {
    routes();
    useUiStore.setState({ language: 'he' });
    await openBar();
    screen.getByRole('slider').focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(at()).toBe(T0 + 70_000);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(at()).toBe(T0 + 50_000);
  });

  it('says so when the range kept nothing, and not when it did', async () => {
    routes();
    await openBar();
    expect(screen.queryByText('Nothing was kept on this map in this range.')).toBeNull();
    act(() => useReplayStore.getState().close());
    mockFetch({
      'GET /api/maps/m1/history/state': jsonResponse({
        success: true,
        mapId: 'm1',
        at: '',
        devices: [],
      }),
      'GET /api/maps/m1/history/positions': jsonResponse({
        success: true,
        mapId: 'm1',
        next: null,
        devices: [],
      }),
      'GET /api/maps/m1/history/visits': jsonResponse({
        success: true,
        mapId: 'm1',
        visits: [],
        next: null,
      }),
    });
    await act(() => useReplayStore.getState().open(session, T0));
    expect(screen.getByText('Nothing was kept on this map in this range.')).toBeTruthy();
  });

  it('goes back to live', async () => {
    routes();
    await openBar();
    await userEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(useReplayStore.getState().session).toBeNull();
    expect(screen.queryByTestId('replay-bar')).toBeNull();
  });

  it('refuses an inverted custom range before asking, and shows the server refusing an old one', async () => {
    const { calls } = routes(400);
    await openBar();
    expect(await screen.findByText(/beyond retention: positions are kept 90 days/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'custom');
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01T12:00');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-01-01T11:00');
    const asked = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(screen.getByText('Choose a start before the end.')).toBeTruthy();
    expect(calls.length).toBe(asked);
  });
});
