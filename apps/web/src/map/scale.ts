/** Map scale: pixels per metre from a line of known real length drawn on the plan. */
import type { Point } from '@rtls/contract';

export const lineLength = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/** Pixels per metre, or null when the line is empty or the length is not a positive number. */
export function pixelsPerMetre(a: Point, b: Point, metres: number): number | null {
  const px = lineLength(a, b);
  if (!(px > 0) || !Number.isFinite(metres) || !(metres > 0)) return null;
  return px / metres;
}
