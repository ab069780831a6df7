import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMap } from '../../test/fixtures.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { renderWithI18n } from '../maps/test-helpers.tsx';
import { PLAN_BAND_COLOURS } from '../../map/layers/plan-paint.ts';
import { makeReport } from './walk-fixtures.ts';
import { WalkErrorMap } from './WalkErrorMap.tsx';

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useMapsStore.setState({
    entities: {
      'map-1': makeMap({
        settings: { imageSize: { width: 1200, height: 800 }, backgroundImage: '/uploads/plan.png' },
      }),
    },
  });
});
restoreStubsAfterEach();

const marks = () => screen.getAllByTestId('walk-error-mark');

describe('the map of the errors', () => {
  it('draws each point on the plan with a line to where it was located, coloured by its error', () => {
    renderWithI18n(<WalkErrorMap report={makeReport()} />);
    const svg = screen.getByRole('img', { name: /Map of the errors: 3 points/ });
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 800');
    expect(svg.querySelector('image')!.getAttribute('href')).toBe('/uploads/plan.png');
    expect(marks().map((m) => m.dataset.point)).toEqual(['1', '2', '3']);
    // 1.5 m is in the band "up to 2 m", 4.4 m in "up to 5 m"; the third was not located.
    expect(marks().map((m) => m.dataset.colour)).toEqual([
      PLAN_BAND_COLOURS[1],
      PLAN_BAND_COLOURS[3],
      'none',
    ]);
    const line = marks()[1]!.querySelector('line:not(.walk-error-halo)')!;
    expect(['x1', 'y1', 'x2', 'y2'].map((k) => Number(line.getAttribute(k)))).toEqual([
      140, 200, 200, 260,
    ]);
    expect(marks()[2]!.querySelector('line')).toBeNull();
    expect(marks()[2]!.querySelector('circle')!.getAttribute('class')).toContain('unlocated');
    expect(marks()[0]!.textContent).toBe('1');
  });

  it('names in its legend only the bands its points fall in', () => {
    renderWithI18n(<WalkErrorMap report={makeReport()} />);
    const legend = screen.getByTestId('walk-error-map').querySelector('ul')!;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['up to 2 m', 'up to 5 m']);
  });

  it('grows past the plan to hold a point located off it', () => {
    const report = makeReport();
    report.points[1] = { ...report.points[1]!, locatedX: 1300, locatedY: -40 };
    renderWithI18n(<WalkErrorMap report={report} />);
    const [x0, y0, w, h] = screen.getByRole('img').getAttribute('viewBox')!.split(' ').map(Number);
    expect(x0).toBe(0);
    expect(y0!).toBeLessThan(-40);
    expect(x0! + w!).toBeGreaterThan(1300);
    expect(y0! + h!).toBe(800);
  });

  it('reads in Hebrew too', () => {
    useUiStore.setState({ language: 'he' });
    renderWithI18n(<WalkErrorMap report={makeReport()} />);
    expect(screen.getByRole('img', { name: /מפת השגיאות: 3 נקודות/ })).toBeTruthy();
  });
});
