import { CALIBRATION_VERDICTS, WALK_ERRORS } from '@rtls/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { renderWithI18n } from '../maps/test-helpers.tsx';
import { CalibrationView } from './CalibrationView.tsx';
import { makeCalibration, makeReport } from './walk-fixtures.ts';

const radio = { mapId: 'map-1', calibrationId: 'c1', appliedAt: null, gateways: [], canUndo: true };

beforeEach(() => useUiStore.setState({ language: 'en' }));
restoreStubsAfterEach();

function show(onReport = vi.fn()) {
  renderWithI18n(
    <CalibrationView walkId="w1" mapId="map-1" onReport={onReport} onDone={() => undefined} />,
  );
  return onReport;
}

describe('calibration', () => {
  it('shows the held-out median and p90 before and after, and applies, then undoes', async () => {
    const { calls } = mockFetch({
      'POST /api/walks/w1/calibrations': jsonResponse({ calibration: makeCalibration() }, 201),
      'POST /api/calibrations/c1/apply': jsonResponse({ radioCalibration: radio }),
      'POST /api/maps/map-1/radio-calibration/undo': jsonResponse({ radioCalibration: radio }),
    });
    show();
    const table = await screen.findByRole('table', { name: /held out of the fit \(12 points, 5/ });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ErrorCurrent modelCalibrated', 'Median4.9 m2.8 m', '90th percentile11.6 m5.4 m']);
    expect(screen.getByTestId('walk-verdict').textContent).toBe(
      `${CALIBRATION_VERDICTS.improves.en} (90th percentile -54 %)`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply calibration' }));
    expect(await screen.findByText(/^Applied: the map is now located/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Apply calibration' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/^Undone:/)).toBeDefined();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/walks/w1/calibrations',
      'POST /api/calibrations/c1/apply',
      'POST /api/maps/map-1/radio-calibration/undo',
    ]);
  });

  it('offers no Apply when the fit would make things worse, and says why in Hebrew', async () => {
    useUiStore.setState({ language: 'he' });
    const worse = makeCalibration({
      verdict: { applicable: false, reason: 'worse', message: '', p90ChangePct: 16 },
    });
    mockFetch({
      'POST /api/walks/w1/calibrations': jsonResponse({ calibration: worse }, 201),
    });
    show();
    const verdict = await screen.findByTestId('walk-verdict');
    expect(verdict.textContent).toContain(CALIBRATION_VERDICTS.worse.he);
    expect(verdict.getAttribute('data-reason')).toBe('worse');
    expect(screen.queryByRole('button', { name: 'החלת הכיול' })).toBeNull();
  });

  it("shows the server's reason when applying is refused", async () => {
    mockFetch({
      'POST /api/walks/w1/calibrations': jsonResponse({ calibration: makeCalibration() }, 201),
      'POST /api/calibrations/c1/apply': jsonResponse({ message: WALK_ERRORS.stale.en }, 409),
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply calibration' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WALK_ERRORS.stale.en);
  });

  it('makes an accuracy report and opens it', async () => {
    mockFetch({
      'POST /api/walks/w1/calibrations': jsonResponse({ calibration: makeCalibration() }, 201),
      'POST /api/walks/w1/reports': jsonResponse({ report: makeReport({ id: 'r9' }) }, 201),
    });
    const onReport = show();
    await screen.findByTestId('walk-verdict');
    await userEvent.click(screen.getByRole('button', { name: 'Make accuracy report' }));
    expect(onReport).toHaveBeenCalledWith('r9');
  });
});
