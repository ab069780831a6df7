/**
 * The history reports recounted in plain TypeScript from the raw rows, one obvious loop per
 * figure, for the tests to compare with what the database aggregated.
 */
import type { Sql } from '../src/lib/db.ts';

export interface RawStay {
  mac: string;
  zoneId: string;
  s: number;
  e: number;
  open: boolean;
}

export interface RawPosition {
  mac: string;
  at: number;
  x: number;
  y: number;
}

const ms = (d: Date | string) => new Date(d).getTime();

/** Every stay of the map's devices, ended or not (until `now`), clipped to [from, to). */
export async function rawStays(
  sql: Sql,
  mapId: string,
  from: number,
  to: number,
  now: number,
): Promise<RawStay[]> {
  const ended = await sql.query<{
    mac: string;
    zone_id: string;
    entered_at: Date;
    exited_at: Date;
  }>(
    `select s.mac, v.zone_id, v.entered_at, v.exited_at from history_visits v
     join history_series s on s.id = v.series where s.map_id = $1`,
    [mapId],
  );
  const open = await sql.query<{ mac: string; zone_id: string; entered_at: Date }>(
    `select mac, zone_id, entered_at from zone_presence
     where map_id = $1 and state = 'in' and zone_id is not null and entered_at is not null`,
    [mapId],
  );
  const all = [
    ...ended.map((r) => ({ ...r, end: ms(r.exited_at), open: false })),
    ...open.map((r) => ({ ...r, end: now, open: true })),
  ];
  return all
    .filter((r) => r.end > from && ms(r.entered_at) < to && ms(r.entered_at) < r.end)
    .map((r) => ({
      mac: r.mac,
      zoneId: r.zone_id,
      s: Math.max(ms(r.entered_at), from),
      e: Math.min(r.end, to),
      open: r.open,
    }));
}

/** Every kept position of the map's devices in [from, to), per device oldest first. */
export async function rawPositions(
  sql: Sql,
  mapId: string,
  from: number,
  to: number,
): Promise<RawPosition[]> {
  const rows = await sql.query<{ mac: string; at: Date; x: number; y: number }>(
    `select s.mac, p.at, p.x, p.y from history_positions p
     join history_series s on s.id = p.series
     where s.map_id = $1 and p.at >= $2 and p.at < $3 order by s.mac, p.at`,
    [mapId, new Date(from).toISOString(), new Date(to).toISOString()],
  );
  return rows.map((r) => ({ mac: r.mac, at: ms(r.at), x: Number(r.x), y: Number(r.y) }));
}

/** Devices in the zone at t: stays with s <= t < e. */
const levelAt = (stays: readonly RawStay[], t: number) =>
  stays.filter((x) => x.s <= t && t < x.e).length;

/** A zone's figures over [from, to) in buckets of `bucketMs`. */
export function recountZone(stays: readonly RawStay[], from: number, to: number, bucketMs: number) {
  const seconds = stays.reduce((sum, x) => sum + (x.e - x.s) / 1000, 0);
  const occupancy: number[] = [];
  const meanOccupancy: number[] = [];
  let peak: { devices: number; at: number } | null = null;
  for (let b = from; b < to; b += bucketMs) {
    const end = Math.min(to, b + bucketMs);
    // The count changes only at a stay's start or end: the bucket's most is at one of them.
    const moments = [b, ...stays.map((x) => x.s), ...stays.map((x) => x.e)]
      .filter((t) => t >= b && t < end)
      .sort((p, q) => p - q);
    let most = 0;
    for (const t of moments) {
      const n = levelAt(stays, t);
      if (n > most) most = n;
      if (n > 0 && (!peak || n > peak.devices)) peak = { devices: n, at: t };
    }
    occupancy.push(most);
    const overlap = stays.reduce(
      (sum, x) => sum + Math.max(0, Math.min(x.e, end) - Math.max(x.s, b)),
      0,
    );
    meanOccupancy.push(overlap / (end - b));
  }
  return { visits: stays.length, seconds, occupancy, meanOccupancy, peak };
}

/** A device's path (map pixels) and time seen (s) by the reports' rule: gaps up to `gapMs`. */
export function recountMovement(points: readonly RawPosition[], to: number, gapMs: number) {
  let path = 0;
  let seen = 0;
  points.forEach((p, k) => {
    const prev = points[k - 1];
    const next = points[k + 1];
    if (prev && p.at - prev.at <= gapMs) path += Math.hypot(p.x - prev.x, p.y - prev.y);
    seen += Math.min(next?.at ?? to, p.at + gapMs) - p.at;
  });
  return { path, seen: seen / 1000 };
}

/**
 * The heatmap's cells over [from, to), keyed "i,j": positions kept in each and seconds spent
 * (each position until its device's next one in the period, at most `gapMs`, never past `to`).
 */
export function recountHeatmap(
  raw: readonly RawPosition[],
  to: number,
  cellPx: number,
  gapMs: number,
): { counts: Map<string, number>; seconds: Map<string, number> } {
  const counts = new Map<string, number>();
  const seconds = new Map<string, number>();
  raw.forEach((p, k) => {
    const key = `${Math.floor(p.x / cellPx)},${Math.floor(p.y / cellPx)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    // Rows come by device, then time.
    const next = raw[k + 1]?.mac === p.mac ? raw[k + 1]!.at : to;
    const until = Math.min(next, p.at + gapMs);
    seconds.set(key, (seconds.get(key) ?? 0) + (until - p.at) / 1000);
  });
  return { counts, seconds };
}
