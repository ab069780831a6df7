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

/** An estimate in metres as a fix in map pixels, calculated at `nowMs`. */
export function fixInPixels(est: Estimate, pixelsPerMetre: number, nowMs: number): PixelFix {
  return {
    position: { x: est.x * pixelsPerMetre, y: est.y * pixelsPerMetre },
    triangulationInfo: {
      method: est.method,
      confidence: est.confidence,
      signalsUsed: est.signalsUsed,
      primaryGateway: est.primaryGateway,
      lastCalculated: new Date(nowMs).toISOString(),
    },
  };
}
