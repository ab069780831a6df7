/**
 * Bridges between the wire (signal maps with ISO times, positions in map pixels) and the engine
 * (observations with ages, estimates in metres), shared by the console and the server's trails.
 */
import type { Estimate, Observation } from './types.ts';

/** One gateway's reading as it travels in `device_update.signal`. */
export interface WireSignal {
  rssi: number;
  received_at: string;
}

/** A fix as the console and the API show it: map pixels and spec §3's triangulationInfo. */
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

/** The readings of a signal map, aged at `nowMs` (a reading from the future counts as fresh). */
export function observationsFromSignals(
  signal: Readonly<Record<string, WireSignal>>,
  nowMs: number,
): Observation[] {
  const out: Observation[] = [];
  for (const gateway in signal) {
    const s = signal[gateway]!;
    out.push({ gateway, rssi: s.rssi, ageMs: Math.max(0, nowMs - Date.parse(s.received_at)) });
  }
  return out;
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
