import type { DeviceReportResponse, ZoneReportResponse } from '@rtls/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { makeDevice } from '../../test/fixtures.ts';
import { renderTranslated, restoreStubsAfterEach } from '../../test/render.tsx';
import { makeZone } from '../../test/zone-fixtures.ts';
import { useDevicesStore } from '../devices/devices-store.ts';
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useZonesStore } from '../zones/zones-store.ts';
import { ReportsButton } from './ReportsButton.tsx';

/** The charts uPlot was asked to draw (jsdom has no canvas). */
const charts = vi.hoisted(() => [] as { data: unknown }[]);
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      constructor(_opts: unknown, data: unknown) {
        charts.push({ data });
      }
      setSize() {}
      destroy() {}
    },
    { paths: { stepped: () => undefined } },
  ),
}));

const ZONES = 'GET /api/maps/m1/history/zone-report';
const DEVICES = 'GET /api/maps/m1/history/device-report';
const FROM = '2026-01-01T08:00:00.000Z';
const TO = '2026-01-01T10:00:00.000Z';

const zoneReport: ZoneReportResponse = {
  success: true,
  mapId: 'm1',
  from: FROM,
  to: TO,
  bucketSeconds: 60,
  zones: [
    {
      zoneId: 'zone-lab',
      name: 'Lab',
      visits: 3,
      totalDwellSeconds: 3909,
      meanDwellSeconds: 1303,
      peak: { devices: 2, at: '2026-01-01T08:30:00.000Z' },
      occupancy: [1, 2],
      meanOccupancy: [0.5, 1.5],
    },
    {
      zoneId: 'zone-hall',
      name: 'Hall',
      visits: 0,
      totalDwellSeconds: 0,
      meanDwellSeconds: null,
      peak: null,
      occupancy: [0, 0],
      meanOccupancy: [0, 0],
    },
  ],
};

const deviceReport: DeviceReportResponse = {
  success: true,
  mapId: 'm1',
  from: FROM,
  to: TO,
  positionsFrom: FROM,
  devices: [
    {
      mac: 'AA:BB:CC:00:00:01',
      name: 'Tag 1',
      pathMetres: 123.45,
      seenSeconds: 5400,
      zones: [{ zoneId: 'zone-lab', visits: 1, seconds: 1800 }],
      stays: [
        {
          zoneId: 'zone-lab',
          from: FROM,
          to: '2026-01-01T08:30:00.000Z',
          seconds: 1800,
          open: false,
        },
      ],
      staysTruncated: false,
    },
  ],
};

beforeEach(() => {
  charts.length = 0;
  useUiStore.setState({ language: 'en' });
  useMapsStore.setState({ currentMapId: 'm1' });
  useZonesStore.setState({ mapId: 'm1', entities: { 'zone-lab': makeZone() } });
  useDevicesStore.setState({
    monitored: ['AA:BB:CC:00:00:01'],
    entities: { 'AA:BB:CC:00:00:01': makeDevice() },
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
restoreStubsAfterEach();
afterEach(() => useMapsStore.setState({ currentMapId: null }));

async function openReports() {
  renderTranslated(<ReportsButton />);
  await userEvent.click(screen.getByRole('button', { name: 'Reports' }));
  return screen.getByRole('dialog', { name: 'History reports' });
}

async function chooseRange() {
  await userEvent.clear(screen.getByLabelText('From'));
  await userEvent.type(screen.getByLabelText('From'), '2026-01-01T08:00');
  await userEvent.clear(screen.getByLabelText('To'));
  await userEvent.type(screen.getByLabelText('To'), '2026-01-01T10:00');
}

describe('History reports', () => {
  it("shows each zone's figures in a table and the busiest zone's occupancy chart", async () => {
    const { calls } = mockFetch({ [ZONES]: jsonResponse(zoneReport) });
    await openReports();
    await chooseRange();
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const table = await screen.findByRole('table', { name: /^Zones,/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ZoneVisitsTotal dwellMean dwellPeak',
      expect.stringMatching(/^Lab31:05:0921:432 devices at /),
      'Hall00:00——',
    ]);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.searchParams.get('from')).toBe(new Date('2026-01-01T08:00').toISOString());
    expect(url.searchParams.get('to')).toBe(new Date('2026-01-01T10:00').toISOString());
    expect(screen.getByText(/Each point covers one minute. Most devices at once: 2/)).toBeTruthy();
    const start = Date.parse(FROM) / 1000;
    await vi.waitFor(() =>
      expect(charts.at(-1)?.data).toEqual([
        [start, start + 60],
        [1, 2],
        [0.5, 1.5],
      ]),
    );
  });

  it("shows a device's path, time seen and stays, asking for the device chosen", async () => {
    const { calls } = mockFetch({ [DEVICES]: jsonResponse(deviceReport) });
    await openReports();
    await userEvent.click(screen.getByRole('tab', { name: 'Devices' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'Tag 1');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    const section = await screen.findByRole('region', { name: 'Tag 1' });
    expect(within(section).getByText('123.5 m')).toBeTruthy();
    expect(within(section).getByText('1:30:00')).toBeTruthy();
    const stays = within(section).getAllByRole('table', { name: 'Stays in zones' })[0]!;
    expect(within(stays).getAllByRole('row')[1]!.textContent).toMatch(/^Lab.*30:00$/);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('devices')).toBe(
      'AA:BB:CC:00:00:01',
    );
  });

  it('moves between the reports with the arrow keys', async () => {
    mockFetch({});
    await openReports();
    screen.getByRole('tab', { name: 'Zones' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Devices' }));
    expect(screen.getByRole('combobox', { name: 'Device' })).toBeTruthy();
  });

  it('prints the report shown', async () => {
    mockFetch({ [ZONES]: jsonResponse(zoneReport) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await openReports();
    const button = screen.getByRole('button', { name: 'Print' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    await screen.findByRole('table', { name: /^Zones,/ });
    await userEvent.click(button);
    expect(print).toHaveBeenCalledOnce();
  });

  it('refuses an end before the start without asking the server', async () => {
    const { calls } = mockFetch({});
    await openReports();
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2000-01-01T00:00');
    await userEvent.click(screen.getByRole('button', { name: 'Show report' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a start before the end.');
    expect(calls).toHaveLength(0);
  });

  it("reads in Hebrew and shows the server's reason when it refuses", async () => {
    useUiStore.setState({ language: 'he' });
    mockFetch({ [ZONES]: jsonResponse({ message: 'The range is beyond retention' }, 400) });
    renderTranslated(<ReportsButton />);
    await userEvent.click(screen.getByRole('button', { name: 'דוחות' }));
    expect(screen.getByRole('dialog', { name: 'דוחות היסטוריה' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'הצגת דוח' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'טעינת ההיסטוריה נכשלה: The range is beyond retention',
    );
  });
});
