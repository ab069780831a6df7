import type { ReportStay, ZoneReport } from '@rtls/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../ui/format.ts';
import { busiestZone, occupancyData } from './occupancy-data.ts';
import { timelineBars } from './timeline.ts';
import { parseLocalRange } from './use-report-range.ts';

const zone = (zoneId: string, peak: number | null): ZoneReport => ({
  zoneId,
  name: zoneId,
  visits: 1,
  totalDwellSeconds: 60,
  meanDwellSeconds: 60,
  peak: peak === null ? null : { devices: peak, at: '2026-01-01T00:00:00.000Z' },
  occupancy: [0, 2, 1],
  meanOccupancy: [0, 1.234, 0.5],
});

describe('occupancy chart data', () => {
  it('puts each bucket at its start in seconds, with the most at once and the average', () => {
    const data = occupancyData(
      { from: '2026-01-01T00:00:00.000Z', bucketSeconds: 300 },
      zone('a', 2),
    );
    const start = Date.parse('2026-01-01T00:00:00.000Z') / 1000;
    expect(data).toEqual([
      [start, start + 300, start + 600],
      [0, 2, 1],
      [0, 1.23, 0.5],
    ]);
  });

  it('opens the chart on the zone with the most devices at once', () => {
    expect(busiestZone([zone('a', null), zone('b', 3), zone('c', 3)])).toBe('b');
    expect(busiestZone([])).toBeUndefined();
  });
});

describe('device timeline', () => {
  const stay = (from: string, to: string): ReportStay => ({
    zoneId: 'z',
    from,
    to,
    seconds: 0,
    open: false,
  });

  it('places each stay as a share of the range', () => {
    const bars = timelineBars(
      [
        stay('2026-01-01T01:00:00Z', '2026-01-01T03:00:00Z'),
        stay('2026-01-01T06:00:00Z', '2026-01-01T08:00:00Z'),
      ],
      { from: '2026-01-01T00:00:00Z', to: '2026-01-01T08:00:00Z' },
    );
    expect(bars).toEqual([
      { zoneId: 'z', start: 12.5, width: 25 },
      { zoneId: 'z', start: 75, width: 25 },
    ]);
  });
});

describe('report range and durations', () => {
  it('refuses an empty, inverted or unreadable range', () => {
    expect(parseLocalRange('2026-01-01T10:00', '2026-01-01T09:00')).toBeNull();
    expect(parseLocalRange('2026-01-01T10:00', '2026-01-01T10:00')).toBeNull();
    expect(parseLocalRange('', '2026-01-01T10:00')).toBeNull();
    expect(parseLocalRange('2026-01-01T09:00', '2026-01-01T10:00')).toEqual({
      from: Date.parse('2026-01-01T09:00'),
      to: Date.parse('2026-01-01T10:00'),
    });
  });

  it('writes durations as hours, minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(249.4)).toBe('4:09');
    expect(formatDuration(3909)).toBe('1:05:09');
    expect(formatDuration(90_000)).toBe('25:00:00');
  });
});
