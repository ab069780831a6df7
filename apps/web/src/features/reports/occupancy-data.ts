/** A zone report's occupancy as chart data: the buckets' starts (s) and each series. */
import type { ZoneReport, ZoneReportResponse } from '@rtls/contract';

export type OccupancyData = [number[], number[], number[]];

/** x: each bucket's start in seconds; then the most devices at once and the average per bucket. */
export function occupancyData(
  report: Pick<ZoneReportResponse, 'from' | 'bucketSeconds'>,
  zone: Pick<ZoneReport, 'occupancy' | 'meanOccupancy'>,
): OccupancyData {
  const start = Date.parse(report.from) / 1000;
  return [
    zone.occupancy.map((_, b) => start + b * report.bucketSeconds),
    [...zone.occupancy],
    zone.meanOccupancy.map((m) => Math.round(m * 100) / 100),
  ];
}

/** The zone a chart opens on: the one with the most devices at once (the first such). */
export function busiestZone(zones: readonly ZoneReport[]): string | undefined {
  let best: ZoneReport | undefined;
  for (const z of zones) if (!best || (z.peak?.devices ?? 0) > (best.peak?.devices ?? 0)) best = z;
  return best?.zoneId;
}
