/**
 * What a walk's points show: each point's readings (the tag's reports within its window, one mean
 * level per gateway of the map), the points located with a set of anchors, and the accuracy
 * report made of them, as JSON and as CSV.
 */
import {
  REPORT_WORST_POINTS,
  type HeardGateway,
  type ReportPoint,
  type WalkReport,
  type Zone,
  type ZoneAccuracy,
} from '@rtls/contract';
import {
  insidePolygon,
  locateWalkPoint,
  summariseErrors,
  type Anchor,
  type CalibrationSample,
  type LocateSettings,
  type MapFrame,
} from '@rtls/positioning';
import { csvField } from '../history/export.ts';
import type { StoredPoint, TagReading } from './repository.ts';

/** A walk point with its readings: in metres for the engine, per gateway for the report. */
export interface PointEvidence {
  point: StoredPoint;
  sample: CalibrationSample;
  heard: HeardGateway[];
}

/**
 * Each point's readings: the reports in its window of its transmitter (the walk's tag, or the
 * point's reference) from the frame's gateways (a gateway never counts as hearing itself),
 * averaged per gateway. `readings` has each transmitter's reports, the walk's tag's under null.
 */
export function pointEvidence(
  points: readonly StoredPoint[],
  readings: ReadonlyMap<string | null, readonly TagReading[]>,
  frame: MapFrame,
): PointEvidence[] {
  const onMap = new Set(frame.anchors.map((a) => a.id));
  return points.map((point) => {
    const sums = new Map<string, { sum: number; count: number }>();
    for (const r of readings.get(point.device) ?? []) {
      if (r.atMs < point.fromMs || r.atMs > point.toMs) continue;
      if (!onMap.has(r.gateway) || r.gateway === point.device) continue;
      const s = sums.get(r.gateway) ?? { sum: 0, count: 0 };
      s.sum += r.rssi;
      s.count++;
      sums.set(r.gateway, s);
    }
    const heard = [...sums]
      .map(([mac, s]) => ({ mac, rssi: s.sum / s.count, count: s.count }))
      .sort((a, b) => b.rssi - a.rssi);
    const ppm = frame.pixelsPerMetre;
    return {
      point,
      heard,
      sample: {
        x: point.x / ppm,
        y: point.y / ppm,
        observations: heard.map((h) => ({
          gateway: h.mac,
          rssi: h.rssi,
          ageMs: 0,
          count: h.count,
        })),
      },
    };
  });
}

/** The report's fields beyond the walk's: who, when and with which calibration. */
export interface ReportHeader {
  id: string;
  walkId: string;
  mapId: string;
  deviceMac: string;
  createdAt: string;
  calibrationId: string | null;
}

/**
 * The accuracy report of a walk's points located with these anchors (through the frame's walls,
 * when it has any): per point its error and zones, the summaries of the walk and of each zone
 * with points, and the worst points.
 */
export function accuracyReport(
  header: ReportHeader,
  evidence: readonly PointEvidence[],
  anchors: readonly Anchor[],
  frame: MapFrame,
  zones: readonly Zone[],
  settings?: LocateSettings,
): WalkReport {
  const ppm = frame.pixelsPerMetre;
  const points: ReportPoint[] = evidence.map((e) => {
    const at = locateWalkPoint(e.sample, anchors, { settings, floor: frame.floor });
    return {
      pointId: e.point.id,
      x: e.point.x,
      y: e.point.y,
      locatedX: at ? at.x * ppm : null,
      locatedY: at ? at.y * ppm : null,
      errorM: at ? Math.hypot(at.x - e.sample.x, at.y - e.sample.y) : null,
      zoneIds: zones.filter((z) => insidePolygon(z.polygon, e.point.x, e.point.y)).map((z) => z.id),
      heard: e.heard,
    };
  });
  const perZone: ZoneAccuracy[] = zones
    .map((z) => ({
      zoneId: z.id,
      name: z.name,
      summary: summariseErrors(points.filter((p) => p.zoneIds.includes(z.id)).map((p) => p.errorM)),
    }))
    .filter((z) => points.some((p) => p.zoneIds.includes(z.zoneId)));
  const worst = points
    .filter((p) => p.errorM !== null)
    .sort((a, b) => b.errorM! - a.errorM!)
    .slice(0, REPORT_WORST_POINTS)
    .map((p) => p.pointId);
  return {
    ...header,
    summary: summariseErrors(points.map((p) => p.errorM)),
    unlocated: points.filter((p) => p.errorM === null).length,
    zones: perZone,
    worst,
    points,
  };
}

/** A CSV cell: numbers to the centimetre or hundredth of a dB, text as the history exports. */
const cell = (v: string | number | null) =>
  csvField(typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(2) : v);

/** The report as CSV: one row per point, then the summary rows of the walk and its zones. */
export function reportCsv(report: WalkReport, zoneNames: ReadonlyMap<string, string>): string {
  const lines = [
    'point,x_px,y_px,located_x_px,located_y_px,error_m,zones,gateways_heard',
    ...report.points.map((p) =>
      [
        p.pointId,
        p.x,
        p.y,
        p.locatedX,
        p.locatedY,
        p.errorM,
        p.zoneIds.map((z) => zoneNames.get(z) ?? z).join('; '),
        p.heard.map((h) => `${h.mac} ${h.rssi.toFixed(1)} dBm x${h.count}`).join('; '),
      ]
        .map(cell)
        .join(','),
    ),
    '',
    'scope,points,median_m,p90_m,max_m,report_date',
    [
      'walk',
      report.summary.count,
      report.summary.medianM,
      report.summary.p90M,
      report.summary.maxM,
      report.createdAt,
    ]
      .map(cell)
      .join(','),
    ...report.zones.map((z) =>
      [
        `zone ${z.name}`,
        z.summary.count,
        z.summary.medianM,
        z.summary.p90M,
        z.summary.maxM,
        report.createdAt,
      ]
        .map(cell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
