/**
 * Reports of a map's history, aggregated by the database over a range [from, to):
 * GET /api/maps/{id}/history/zone-report?from&to&zones      (visits, dwell and occupancy per zone)
 * GET /api/maps/{id}/history/device-report?from&to&devices  (stays, path length, time seen)
 * GET /api/maps/{id}/history/heatmap?from&to&cell&devices   (positions counted per square cell)
 * Stays are clipped to the range; a stay not ended counts until now. Readers of the map read them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SuccessWith } from './api-common.ts';
import { Nullable } from './schema-helpers.ts';

/** Most devices one device report covers. */
export const HISTORY_REPORT_MAX_DEVICES = 50;
/** Most stays a device report lists per device (its totals per zone count them all). */
export const HISTORY_REPORT_MAX_STAYS = 2_000;
/** Most cells a heatmap answers; a finer grid over a larger floor is refused. */
export const HISTORY_HEATMAP_MAX_CELLS = 100_000;
export const HISTORY_HEATMAP_DEFAULT_CELL_METRES = 1;
/** Most buckets an occupancy series has: the bucket is the shortest step giving at most this. */
export const HISTORY_REPORT_MAX_BUCKETS = 240;
const WEEK_S = 7 * 86_400;
/** The steps an occupancy series is counted in (seconds); a week for the longest ranges. */
export const HISTORY_REPORT_BUCKETS_S = [
  60,
  300,
  900,
  1800,
  3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  86_400,
  WEEK_S,
] as const;

/** The bucket (seconds) of an occupancy series over a range this long (ms). */
export function reportBucketSeconds(rangeMs: number): number {
  const fit = HISTORY_REPORT_BUCKETS_S.find(
    (s) => Math.ceil(rangeMs / (s * 1000)) <= HISTORY_REPORT_MAX_BUCKETS,
  );
  return fit ?? WEEK_S;
}

const Instant = Type.String({ minLength: 1, maxLength: 40 });
const IdList = Type.String({ minLength: 1, maxLength: 40_000 });
/** The range asked for (ISO 8601 or epoch ms). */
const range = { from: Instant, to: Instant };
/** The range reported: `from` moves forward to what retention keeps. */
const reported = { mapId: Type.String(), from: Type.String(), to: Type.String() };

export const ZoneReportQuery = Type.Object({
  ...range,
  /** Only these zones (comma-separated ids); every zone of the map without it. */
  zones: Type.Optional(IdList),
});
export type ZoneReportQuery = Static<typeof ZoneReportQuery>;

/** One zone over the range. */
export const ZoneReport = Type.Object({
  zoneId: Type.String(),
  name: Type.String(),
  /** Stays overlapping the range. */
  visits: Type.Integer(),
  /** Seconds of all stays within the range. */
  totalDwellSeconds: Type.Number(),
  /** totalDwellSeconds / visits; null without visits. */
  meanDwellSeconds: Nullable(Type.Number()),
  /** Most devices in the zone at once, and the first moment it had them; null without visits. */
  peak: Nullable(Type.Object({ devices: Type.Integer(), at: Type.String() })),
  /** Per bucket (from `from`, `bucketSeconds` each): most devices in the zone at once. */
  occupancy: Type.Array(Type.Integer()),
  /** Per bucket: devices in the zone on average (device-seconds over the bucket's seconds). */
  meanOccupancy: Type.Array(Type.Number()),
});
export type ZoneReport = Static<typeof ZoneReport>;

export const ZoneReportResponse = SuccessWith({
  ...reported,
  bucketSeconds: Type.Integer(),
  zones: Type.Array(ZoneReport),
});
export type ZoneReportResponse = Static<typeof ZoneReportResponse>;

export const DeviceReportQuery = Type.Object({
  ...range,
  /** The devices (comma-separated MACs). */
  devices: IdList,
});
export type DeviceReportQuery = Static<typeof DeviceReportQuery>;

/** A stay in a zone, clipped to the range; `open` while the device is still there. */
export const ReportStay = Type.Object({
  zoneId: Type.String(),
  from: Type.String(),
  to: Type.String(),
  seconds: Type.Number(),
  open: Type.Boolean(),
});
export type ReportStay = Static<typeof ReportStay>;

export const DeviceReport = Type.Object({
  mac: Type.String(),
  name: Nullable(Type.String()),
  /** Metres walked: steps between positions at most two heartbeats apart. */
  pathMetres: Type.Number(),
  /** Seconds on the map: each position counts until the next, for at most two heartbeats. */
  seenSeconds: Type.Number(),
  /** Per zone: stays and seconds within the range, longest first. */
  zones: Type.Array(
    Type.Object({ zoneId: Type.String(), visits: Type.Integer(), seconds: Type.Number() }),
  ),
  /** The stays in time order (the first HISTORY_REPORT_MAX_STAYS). */
  stays: Type.Array(ReportStay),
  staysTruncated: Type.Boolean(),
});
export type DeviceReport = Static<typeof DeviceReport>;

export const DeviceReportResponse = SuccessWith({
  ...reported,
  /** Where the positions behind path and time seen start (positions may be kept for less). */
  positionsFrom: Type.String(),
  devices: Type.Array(DeviceReport),
});
export type DeviceReportResponse = Static<typeof DeviceReportResponse>;

export const HeatmapQuery = Type.Object({
  ...range,
  /** The side of a cell in metres. */
  cell: Type.Number({ minimum: 0.25, maximum: 50, default: HISTORY_HEATMAP_DEFAULT_CELL_METRES }),
  devices: Type.Optional(IdList),
});
export type HeatmapQuery = Static<typeof HeatmapQuery>;

/**
 * Time spent per cell: cell (i, j) covers map pixels [i·size, (i+1)·size) × [j·size, ...). Each
 * kept position counts from its time until the device's next one, for at most
 * HISTORY_STATE_LOOKBACK_MS and never past the period's end (as a device report's time seen), so
 * a tag standing still, which keeps a position only every heartbeat, weighs as long as it stood.
 */
export const HeatmapResponse = SuccessWith({
  ...reported,
  cellMetres: Type.Number(),
  /** The side of a cell in map pixels (the map's scale). */
  cellPixels: Type.Number(),
  cells: Type.Array(
    Type.Object({
      i: Type.Integer(),
      j: Type.Integer(),
      /** Kept positions in the cell. */
      n: Type.Integer(),
      /** Device-seconds spent in the cell. */
      seconds: Type.Number(),
    }),
  ),
  /** Positions counted, and the most in one cell. */
  total: Type.Integer(),
  max: Type.Integer(),
  /** Device-seconds in all cells, and the most in one cell. */
  totalSeconds: Type.Number(),
  maxSeconds: Type.Number(),
});
export type HeatmapResponse = Static<typeof HeatmapResponse>;
