/** Marker animation: move the displayed position towards the target at movementSpeed per step. */
import { DEFAULT_MOVEMENT_SPEED } from '@rtls/contract';

/** A point in any one unit (the caller keeps the unit consistent). */
export interface XY {
  x: number;
  y: number;
}

/**
 * One animation step: returns current + speed·(target − current). movementSpeed is the fraction
 * of the remaining gap closed per step (default 0.8); 1 jumps, 0 freezes. Missing or
 * invalid speeds fall back to the default. Snaps when within `snap` units.
 */
export function displayPosition(
  current: XY | null | undefined,
  target: XY,
  movementSpeed: number | null | undefined = DEFAULT_MOVEMENT_SPEED,
  snap = 1e-3,
): XY {
  if (!current) return { x: target.x, y: target.y };
  const speed =
    movementSpeed != null && Number.isFinite(movementSpeed)
      ? Math.min(1, Math.max(0, movementSpeed))
      : DEFAULT_MOVEMENT_SPEED;
  const x = current.x + speed * (target.x - current.x);
  const y = current.y + speed * (target.y - current.y);
  if (Math.hypot(target.x - x, target.y - y) < snap) return { x: target.x, y: target.y };
  return { x, y };
}
