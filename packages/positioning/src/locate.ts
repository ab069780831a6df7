/** Single-epoch position estimate from the signals at hand. */
import type { Anchor, Estimate, LocateSettings, Observation } from './types.ts';
import { metres } from './units.ts';

export const DEFAULT_LOCATE_SETTINGS: LocateSettings = {
  enabled: true,
  algorithm: 'auto',
  minSignalCount: 2,
  minConfidence: 0.3,
  signalAgeWeight: 0.8,
  rssiWeight: 1,
};

/** Signals older than this are not used at all. */
export const MAX_SIGNAL_AGE_MS = 30_000;

/**
 * Estimate a tag's position. Returns null when positioning is disabled, when too few usable
 * signals remain, or when the confidence is below the minimum.
 */
export function locate(
  observations: readonly Observation[],
  anchors: readonly Anchor[],
  settings: LocateSettings = DEFAULT_LOCATE_SETTINGS,
): Estimate | null {
  if (!settings.enabled) return null;
  const byId = new Map(anchors.map((a) => [a.id, a]));
  const usable = observations.filter((o) => {
    const a = byId.get(o.gateway);
    if (!a || !Number.isFinite(o.rssi) || o.ageMs > MAX_SIGNAL_AGE_MS) return false;
    return a.logicThreshold == null || o.rssi >= a.logicThreshold;
  });
  if (usable.length === 0) return null;
  const strongest = usable.reduce((best, o) => (o.rssi > best.rssi ? o : best));
  if (usable.length < Math.max(1, settings.minSignalCount) || settings.algorithm === 'strongest') {
    if (settings.algorithm !== 'strongest' && usable.length < settings.minSignalCount) return null;
    const a = byId.get(strongest.gateway)!;
    return finish({ x: a.x, y: a.y, confidence: 0.3, method: 'strongest', signalsUsed: 1, primaryGateway: a.id }, settings);
  }
  let sx = 0;
  let sy = 0;
  let sw = 0;
  for (const o of usable) {
    const a = byId.get(o.gateway)!;
    const ageFactor = Math.pow(settings.signalAgeWeight, o.ageMs / 10_000);
    const w = Math.pow(10, (settings.rssiWeight * o.rssi) / 20) * ageFactor;
    sx += w * a.x;
    sy += w * a.y;
    sw += w;
  }
  const confidence = Math.min(1, 0.4 + 0.1 * usable.length);
  return finish(
    {
      x: metres(sx / sw),
      y: metres(sy / sw),
      confidence,
      method: 'weighted-centroid',
      signalsUsed: usable.length,
      primaryGateway: strongest.gateway,
    },
    settings,
  );
}

function finish(e: Estimate, settings: LocateSettings): Estimate | null {
  return e.confidence >= settings.minConfidence ? e : null;
}
