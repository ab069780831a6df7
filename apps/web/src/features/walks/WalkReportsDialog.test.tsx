import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeGateway } from '../../test/fixtures.ts';
import { restoreStubsAfterEach } from '../../test/render.tsx';
import { useGatewaysStore } from '../gateways/gateways-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { renderWithI18n } from '../maps/test-helpers.tsx';
import { makeReport } from './walk-fixtures.ts';
import { WalkReportsDialog } from './WalkReportsDialog.tsx';

const older = makeReport({
  id: 'r1',
  createdAt: '2026-11-20T09:00:00.000Z',
  calibrationId: null,
  summary: { count: 3, medianM: 4.9, p90M: 11.6, maxM: 13 },
});
const newer = makeReport();
const summaryOf = ({ zones: _z, worst: _w, points: _p, ...s }: typeof older) => s;

beforeEach(() => {
  useUiStore.setState({ language: 'en' });
  useGatewaysStore.setState({
    entities: { 'GW:00:00:00:00:02': makeGateway({ mac: 'GW:00:00:00:00:02', name: 'Lab' }) },
  });
});
restoreStubsAfterEach();

function routes() {
  return mockFetch({
    'GET /api/maps/map-1/walk-reports': jsonResponse({
      reports: [summaryOf(older), summaryOf(newer)],
    }),
    'GET /api/walk-reports/r1': jsonResponse({ report: older }),
    'GET /api/walk-reports/r2': jsonResponse({ report: newer }),
    'GET /api/walk-reports/r2/csv': new Response('point,error\n1,1.5\n', {
      headers: { 'content-disposition': 'attachment; filename="walk-report-r2.csv"' },
    }),
  });
}

describe('accuracy reports', () => {
  it('lists every report oldest first and shows the newest in full', async () => {
    routes();
    renderWithI18n(<WalkReportsDialog mapId="map-1" onClose={() => undefined} />);
    const trend = await screen.findByRole('table', { name: 'Reports of this map, oldest first' });
    const rows = within(trend).getAllByTestId('walk-report-row');
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(rows.map(cells)).toEqual([
      ['4.9 m', '11.6 m', "gateways' own settings", 'Show'],
      ['2.1 m', '4.4 m', 'calibrated', 'Show'],
    ]);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^20 Nov 2026/),
      expect.stringMatching(/^27 Nov 2026/),
    ]);
    const report = await screen.findByTestId('walk-report');
    expect(report.getAttribute('data-report-id')).toBe('r2');
    expect(within(report).getByTestId('walk-report-figures').textContent).toBe(
      'Median2.1 m90th percentile4.4 mLargest5.4 mNot located1',
    );
    expect(within(report).getByTestId('walk-report-worst').textContent).toBe(
      'Worst points: 2 (4.4 m), 1 (1.5 m).',
    );
    const zones = within(report).getByRole('table', { name: 'Per zone' });
    expect(within(zones).getAllByRole('row')[1]!.textContent).toBe('Lab11.5 m1.9 m2.9 m');
    const points = within(report).getByRole('table', { name: 'Every point' });
    const first = within(points).getAllByTestId('walk-report-point')[0]!;
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '\u2068Lab\u2069: -60 dBm, 5 reports',
      '\u2068GW:00:00:00:00:01\u2069: -71 dBm, 6 reports',
    ]);
    expect(within(points).getAllByTestId('walk-report-point')[2]!.textContent).toBe(
      '3not locatedno gateway',
    );
  });

  it('shows an earlier report when chosen, for the trend', async () => {
    routes();
    renderWithI18n(<WalkReportsDialog mapId="map-1" onClose={() => undefined} />);
    await screen.findByTestId('walk-report');
    const show = screen.getAllByRole('button', { name: /^Show the report of/ })[0]!;
    await userEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() =>
      expect(screen.getByTestId('walk-report').getAttribute('data-report-id')).toBe('r1'),
    );
  });

  it('prints the report and downloads its CSV', async () => {
    const { calls } = routes();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const created = vi.fn(() => 'blob:csv');
    const saved = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    renderWithI18n(<WalkReportsDialog mapId="map-1" reportId="r2" onClose={() => undefined} />);
    await screen.findByTestId('walk-report');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('walk-report-r2.csv');
    expect(calls.some((c) => c.url === '/api/walk-reports/r2/csv')).toBe(true);
  });
});
