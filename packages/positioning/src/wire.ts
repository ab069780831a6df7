/**
 * From the engine back to the wire: an estimate in metres becomes the fix the server publishes
 * (position in map pixels and triangulationInfo of `device_update`, trail points).
 */
import type { Estimate } from './types.ts';

/** A fix as the API and the live channel carry it: map pixels and its triangulationInfo. */
export interface PixelFix {
  position: { x: number; y: number };
  triangulationInfo: {
    method: Estimate['method'];
    confidence: number;
    signalsUsed: number;
    primaryGateway: string | null;
    lastCalculated: string;
  };
}

/** A floor plan's size in pixels. */
export interface PixelSize {
  width: number;
  height: number;
}

const clamp = (v: number, hi: number | undefined) =>
  hi !== undefined && hi > 0 ? Math.min(hi, Math.max(0, v)) : v;

/**
 * An estimate in metres as a fix in map pixels, calculated at `nowMs`; kept on the plan when its
 * size is known (an estimate beyond the plan's edge is drawn at the edge, never off the image).
 */
export function fixInPixels(
  est: Estimate,
  pixelsPerMetre: number,
  nowMs: number,
  plan?: PixelSize,
): PixelFix {
  return {
    position: {
      x: clamp(est.x * pixelsPerMetre, plan?.width),
      y: clamp(est.y * pixelsPerMetre, plan?.height),
    },
    triangulationInfo: {
      method: est.method,
      confidence: est.confidence,
      signalsUsed: est.signalsUsed,
      primaryGateway: est.primaryGateway,
      lastCalculated: new Date(nowMs).toISOString(),
    },
  };
}
