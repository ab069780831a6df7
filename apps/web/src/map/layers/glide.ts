/**
 * Where DOM markers are drawn while they glide (linearly, over GLIDE_MS) from their last spot to a
 * new one, in plan coordinates. The renderer draws each moving marker at its glide's spot in every
 * frame and places the labels around the same spots, so the labels are laid out around the markers
 * exactly as drawn, whatever the frame rate.
 */
import type { Point } from '@rtls/contract';

/** How long a marker takes to glide to a new position (about one live round). */
export const GLIDE_MS = 900;

let reducedMotion: MediaQueryList | null | undefined;

/**
 * Whether markers glide: not for a user whose system asks for reduced motion (they jump to their
 * new spots, and the page draws no frames between live rounds).
 */
export function glidesWanted(): boolean {
  reducedMotion ??= globalThis.matchMedia?.('(prefers-reduced-motion: reduce)') ?? null;
  return !reducedMotion?.matches;
}

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
    /**
     * The device's drawn spot now, given its target: a new target starts a glide from here; a
     * device met for the first time is drawn on its target.
     */
    current(id: string, target: Point, now: number): Point {
      const g = glides.get(id);
      if (!g) {
        glides.set(id, { from: target, to: target, start: now });
        return target;
      }
      if (g.to.x !== target.x || g.to.y !== target.y) {
        glides.set(id, { from: at(g, now), to: target, start: now });
        return at(glides.get(id)!, now);
      }
      return at(g, now);
    },
    /** Every marker is on its target now (a new zoom or view places markers at once). */
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
    keep(ids: { has(id: string): boolean }) {
      for (const id of glides.keys()) if (!ids.has(id)) glides.delete(id);
    },
  };
}
