/**
 * Tags' shown paths against a map's floor model, read as the positioning engine reads it
 * (floorGeometry in metres, solidWalls with the doors cut out, crossesWall for a step): which
 * steps move, which pass a door and which cross a solid wall.
 */
import type { FloorModel, Point } from '@rtls/contract';
import { crossesWall, floorGeometry, solidWalls, type WallSegment } from '@rtls/positioning';

/** A step longer than this (m) is real movement, not a standing tag's jitter. */
export const MOVING_STEP_M = 0.3;

export interface Step {
  mac: string;
  /** Both ends in map pixels, as the console received them. */
  from: Point;
  to: Point;
}

export interface PathsReport {
  /** Positions received. */
  positions: number;
  /** Steps between consecutive shown positions of one tag (a position repeated is no step). */
  steps: number;
  /** Steps longer than MOVING_STEP_M. */
  moving: number;
  /** Steps that pass through a door, and the tags that made them. */
  throughDoors: number;
  tagsThroughDoors: number;
  /** Steps that cross a solid wall, each with the wall (m). */
  crossings: (Step & { wall: WallSegment })[];
}

/** Every step of `tracks` (per MAC, stretches of positions in map pixels) against the floor. */
export function checkShownPaths(
  tracks: Record<string, Point[][]>,
  model: FloorModel,
  pixelsPerMetre: number,
): PathsReport {
  const floor = floorGeometry(model, pixelsPerMetre);
  if (!floor) throw new Error('the floor model has no walls');
  const solid = solidWalls(floor);
  const m = (p: Point) => ({ x: p.x / pixelsPerMetre, y: p.y / pixelsPerMetre });
  const report: PathsReport = {
    positions: 0,
    steps: 0,
    moving: 0,
    throughDoors: 0,
    tagsThroughDoors: 0,
    crossings: [],
  };
  for (const [mac, stretches] of Object.entries(tracks)) {
    let doorSteps = 0;
    for (const points of stretches) {
      report.positions += points.length;
      for (let i = 1; i < points.length; i++) {
        const from = points[i - 1]!;
        const to = points[i]!;
        if (from.x === to.x && from.y === to.y) continue;
        const a = m(from);
        const b = m(to);
        report.steps++;
        if (Math.hypot(b.x - a.x, b.y - a.y) > MOVING_STEP_M) report.moving++;
        if (floor.doors.some((d) => crossesWall(a.x, a.y, b.x, b.y, d))) doorSteps++;
        for (const wall of solid)
          if (crossesWall(a.x, a.y, b.x, b.y, wall)) report.crossings.push({ mac, from, to, wall });
      }
    }
    report.throughDoors += doorSteps;
    if (doorSteps > 0) report.tagsThroughDoors++;
  }
  return report;
}
