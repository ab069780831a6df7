/** A map's plan size in pixels, when its image is known: what drawn shapes must lie on. */
import type { MapSettings } from '@rtls/contract';

export interface PlanSize {
  width: number;
  height: number;
}

/** The plan's size in pixels, or null when the map has no image of a known size. */
export function planSize(settings: MapSettings | null | undefined): PlanSize | null {
  const size = settings?.imageSize;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
  return size && ok(size.width) && ok(size.height)
    ? { width: size.width, height: size.height }
    : null;
}
