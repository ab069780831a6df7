/** What makes a building body wrong beyond its schema: the reason, or null when it is fine. */
import { BUILDING_ERRORS, BUILDING_LIMITS, type BuildingBody } from '@rtls/contract';
import type { PlanSize } from '../maps/plan-size.ts';

const apart = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y) >= BUILDING_LIMITS.minAlignmentSpanPx;

/** `plans`: each floor's plan size (null when its image size is not known). */
export function buildingProblem(
  body: BuildingBody,
  plans: ReadonlyMap<string, PlanSize | null>,
): string | null {
  const levels = new Set<number>();
  const maps = new Set<string>();
  for (const f of body.floors) {
    if (maps.has(f.mapId)) return BUILDING_ERRORS.mapRepeated;
    maps.add(f.mapId);
    if (levels.has(f.level)) return BUILDING_ERRORS.levelRepeated(f.level);
    levels.add(f.level);
    const a = f.alignment;
    if (a && (!apart(a.here[0], a.here[1]) || !apart(a.base[0], a.base[1])))
      return BUILDING_ERRORS.coincidentAlignment;
  }
  for (const link of body.links ?? []) {
    const stopped = new Set<string>();
    for (const stop of link.stops) {
      if (!maps.has(stop.mapId)) return BUILDING_ERRORS.linkNotAFloor(link.name);
      if (stopped.has(stop.mapId)) return BUILDING_ERRORS.linkStopsTwice(link.name);
      stopped.add(stop.mapId);
      const plan = plans.get(stop.mapId);
      if (plan && (stop.x < 0 || stop.y < 0 || stop.x > plan.width || stop.y > plan.height))
        return BUILDING_ERRORS.linkOffPlan(link.name);
    }
  }
  return null;
}
