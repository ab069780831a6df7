/** The history reports of a map: per zone, per device, and the heatmap of a period. */
import type { DeviceReportResponse, HeatmapResponse, ZoneReportResponse } from '@rtls/contract';
import { apiRequest } from './http.ts';

/** A range [from, to) of epoch milliseconds. */
export interface ReportRange {
  from: number;
  to: number;
}

const rangeQuery = (r: ReportRange) => ({
  from: new Date(r.from).toISOString(),
  to: new Date(r.to).toISOString(),
});

const path = (mapId: string, report: string) =>
  `/maps/${encodeURIComponent(mapId)}/history/${report}`;

/** Visits, dwell and occupancy of every zone of the map (or of `zones`). */
export const fetchZoneReport = (mapId: string, range: ReportRange, zones?: string[]) =>
  apiRequest<ZoneReportResponse>(path(mapId, 'zone-report'), {
    query: { ...rangeQuery(range), zones: zones?.join(',') },
    error: 'fetchHistory',
  });

/** Stays, time per zone, path length and time seen of these devices. */
export const fetchDeviceReport = (mapId: string, range: ReportRange, devices: string[]) =>
  apiRequest<DeviceReportResponse>(path(mapId, 'device-report'), {
    query: { ...rangeQuery(range), devices: devices.join(',') },
    error: 'fetchHistory',
  });

/** Kept positions counted per square cell of `cellMetres`. */
export const fetchHeatmap = (mapId: string, range: ReportRange, cellMetres: number) =>
  apiRequest<HeatmapResponse>(path(mapId, 'heatmap'), {
    query: { ...rangeQuery(range), cell: cellMetres },
    error: 'fetchHistory',
  });
