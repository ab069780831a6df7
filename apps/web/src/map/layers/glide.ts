/**
 * Where DOM markers are on screen while they glide (the CSS transition of .device-icon: linear,
 * GLIDE_MS) from their last spot to a new one, so labels can be placed around the markers as
 * drawn in this frame, not only where they are heading.
 */
import type { Point } from '@rtls/contract';

/** The markers' glide: the CSS `transition: transform 0.9s linear` of .device-icon. */
export const GLIDE_MS = 900;

interface Glide {
  from: Point;
  to: Point;
  start: number;
}

export function createGlideTracker() {
  const glides = new Map<string, Glide>();
  const at = (g: Glide, now: number): Point => {
    const k = Math.min(1, Math.max(0, (now - g.start) / GLIDE_MS));
    return { x: g.from.x + (g.to.x - g.from.x) * k, y: g.from.y + (g.to.y - g.from.y) * k };
  };
  return {
    /** The device's drawn spot now, given its target (a new target starts a glide from here). */
    current(id: string, target: Point, now: number, gliding: boolean): Point {
      const g = glides.get(id);
      if (!g || !gliding) {
        glides.set(id, { from: target, to: target, start: now });
        return target;
      }
      if (g.to.x !== target.x || g.to.y !== target.y) {
        glides.set(id, { from: at(g, now), to: target, start: now });
        return at(glides.get(id)!, now);
      }
      return at(g, now);
    },
    /** Every marker is on its target now (a new view places markers at once, see dom-markers). */
    settle() {
      for (const g of glides.values()) g.from = g.to;
    },
    /** Whether any glide is still under way. */
    moving(now: number): boolean {
      for (const g of glides.values())
        if (now - g.start < GLIDE_MS && (g.from.x !== g.to.x || g.from.y !== g.to.y)) return true;
      return false;
    },
    /** Forget devices not seen in this pass. */
    keep(ids: ReadonlySet<string>) {
      for (const id of glides.keys()) if (!ids.has(id)) glides.delete(id);
    },
  };
}
