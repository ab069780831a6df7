/**
 * Wall suggestions from the plan's strokes: strokes a drawn wall already covers are left out, and
 * pieces of one straight wall broken by door-wide gaps become one whole wall with a door in each
 * gap, as the floor model holds them (a door lies on its wall), so rooms close at their doors.
 */
import type { FloorPoint } from '@rtls/contract';
import { coveredBy, distance, project, type Segment } from './floor-geometry.ts';
import type { Suggestion } from './floor-draft.ts';
import type { Stroke } from './wall-detector.ts';

/** Gaps (m) between pieces of one wall that are doors: narrower ones are breaks, wider openings. */
export const DOOR_GAP_M = { min: 0.5, max: 2.5 } as const;

/** Whether two strokes lie on one line: parallel, each end within half a thickness of the other's line. */
function inLine(s: Stroke, o: Stroke): boolean {
  const tolerance = Math.max(s.thickness, o.thickness) / 2 + 1;
  const len = distance(s.a, s.b);
  if (len === 0) return false;
  const off = (p: FloorPoint) =>
    Math.abs((s.b.x - s.a.x) * (p.y - s.a.y) - (s.b.y - s.a.y) * (p.x - s.a.x)) / len;
  return off(o.a) <= tolerance && off(o.b) <= tolerance;
}

/** Strokes on one line, in order along it, as parameter ranges of the first one's line. */
function along(line: Segment, strokes: readonly Stroke[]) {
  return strokes
    .map((s) => {
      const t0 = project(s.a, line).t;
      const t1 = project(s.b, line).t;
      return { from: Math.min(t0, t1), to: Math.max(t0, t1) };
    })
    .sort((a, b) => a.from - b.from);
}

const at = (line: Segment, t: number): FloorPoint => ({
  x: line.a.x + t * (line.b.x - line.a.x),
  y: line.a.y + t * (line.b.y - line.a.y),
});

/** One suggestion per run of pieces on a line with door-wide (or narrower) gaps between them. */
function mergeLine(line: Segment, pieces: readonly Stroke[], pixelsPerMetre: number) {
  const len = distance(line.a, line.b);
  const minGap = (DOOR_GAP_M.min * pixelsPerMetre) / len;
  const maxGap = (DOOR_GAP_M.max * pixelsPerMetre) / len;
  const runs: { from: number; to: number; doors: [number, number][] }[] = [];
  for (const p of along(line, pieces)) {
    const run = runs[runs.length - 1];
    const gap = run ? p.from - run.to : Infinity;
    if (run && gap <= maxGap) {
      if (gap >= minGap) run.doors.push([run.to, p.from]);
      run.to = Math.max(run.to, p.to);
    } else runs.push({ ...p, doors: [] });
  }
  return runs.map((r) => ({
    a: at(line, r.from),
    b: at(line, r.to),
    doors: r.doors.map(([t0, t1]) => ({ a: at(line, t0), b: at(line, t1) })),
  }));
}

/** The suggestions for the plan's strokes that the drawn walls do not cover, numbered from 1. */
export function wallSuggestions(
  strokes: readonly Stroke[],
  walls: readonly Segment[],
  pixelsPerMetre: number,
): Suggestion[] {
  const left = strokes.filter((s) => !coveredBy(s, walls, Math.max(4, s.thickness)));
  const used = new Set<number>();
  const out: Omit<Suggestion, 'id' | 'n'>[] = [];
  left.forEach((s, i) => {
    if (used.has(i)) return;
    const group = left.filter((o, j) => !used.has(j) && inLine(s, o));
    left.forEach((o, j) => group.includes(o) && used.add(j));
    out.push(...mergeLine(s, group, pixelsPerMetre));
  });
  return out.map((s, i) => ({ ...s, id: `suggestion-${i + 1}`, n: i + 1 }));
}
