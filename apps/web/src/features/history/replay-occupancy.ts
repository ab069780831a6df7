/**
 * Zone counts at a replayed moment, from the zone visits the server kept: a device counts in a
 * zone from its entry until its exit (a stay not ended counts to the end of the replay).
 */
import type { ZoneVisit } from '@rtls/contract';

/** A visit with its times read once (ms; exit Infinity while not ended). */
export interface TimedVisit {
  zoneId: string;
  enteredAt: number;
  exitedAt: number;
}

export const timedVisits = (visits: readonly ZoneVisit[]): TimedVisit[] =>
  visits.map((v) => ({
    zoneId: v.zoneId,
    enteredAt: Date.parse(v.enteredAt),
    exitedAt: v.exitedAt === null ? Infinity : Date.parse(v.exitedAt),
  }));

/** How many devices were in each zone at `t` (zones without anyone are left out). */
export function occupancyAt(visits: readonly TimedVisit[], t: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of visits)
    if (v.enteredAt <= t && t < v.exitedAt) counts[v.zoneId] = (counts[v.zoneId] ?? 0) + 1;
  return counts;
}

/** Whether two counts say the same (the zone labels are redrawn only when they differ). */
export function sameOccupancy(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
