/** Site calibration from surveyed samples: per-anchor path-loss fit, and a kNN fingerprint locator. */
import { DEFAULT_RADIO_MODEL, heightOffset, TAG_HEIGHT_M, type RadioModel } from './radio-model.ts';
import { confidenceFromError } from './locate.ts';
import type { Locator } from './tracker.ts';
import type { Anchor, Observation } from './types.ts';
import { metres } from './units.ts';

/** A surveyed sample: true position and what the gateways heard there. */
export interface CalibrationSample {
  x: number;
  y: number;
  observations: readonly Observation[];
}

/** Least-squares fit of rssiAt1m and exponent per anchor (needs ≥ 10 samples, else the base). */
export function fitRadioModels(
  samples: readonly CalibrationSample[],
  anchors: readonly Anchor[],
  base: RadioModel = DEFAULT_RADIO_MODEL,
): Map<string, RadioModel> {
  const out = new Map<string, RadioModel>();
  for (const a of anchors) {
    let n = 0;
    let su = 0;
    let sv = 0;
    let suu = 0;
    let suv = 0;
    let svv = 0;
    for (const s of samples) {
      const o = s.observations.find((ob) => ob.gateway === a.id);
      if (!o) continue;
      const u = -10 * Math.log10(Math.hypot(s.x - a.x, s.y - a.y, heightOffset(a, TAG_HEIGHT_M)));
      n++;
      su += u;
      sv += o.rssi;
      suu += u * u;
      suv += u * o.rssi;
      svv += o.rssi * o.rssi;
    }
    const den = n * suu - su * su;
    if (n < 10 || !(den > 1e-9)) continue;
    const exponent = (n * suv - su * sv) / den;
    const rssiAt1m = (sv - exponent * su) / n;
    const rss =
      svv -
      2 * rssiAt1m * sv -
      2 * exponent * suv +
      n * rssiAt1m ** 2 +
      2 * rssiAt1m * exponent * su +
      exponent ** 2 * suu;
    out.set(a.id, { ...base, rssiAt1m, exponent, sigmaDb: Math.sqrt(Math.max(1, rss / (n - 2))) });
  }
  return out;
}

/** RSSI assumed for a gateway that did not hear the tag (below typical BLE sensitivity). */
const MISSING_RSSI = -100;

/** A k-nearest-neighbour fingerprint locator (inverse-distance weighted in signal space). */
export function createFingerprintLocator(
  samples: readonly CalibrationSample[],
  anchors: readonly Anchor[],
  k = 10,
): Locator {
  const ids = anchors.map((a) => a.id);
  const prints = samples.map((s) => vector(s.observations, ids));
  const dist = new Float64Array(samples.length);
  const order = samples.map((_, i) => i);
  return (observations, _anchors, settings) => {
    if (!settings.enabled) return null;
    const v = vector(observations, ids);
    const heard = v.filter((r) => r > MISSING_RSSI).length;
    if (heard === 0 || heard < settings.minSignalCount) return null;
    prints.forEach((p, i) => (dist[i] = p.reduce((acc, r, j) => acc + (r - v[j]!) ** 2, 0)));
    order.sort((a, b) => dist[a]! - dist[b]!);
    let sw = 0;
    let sx = 0;
    let sy = 0;
    for (const i of order.slice(0, k)) {
      const w = 1 / (Math.sqrt(dist[i]!) + 1e-3);
      sw += w;
      sx += w * samples[i]!.x;
      sy += w * samples[i]!.y;
    }
    const x = sx / sw;
    const y = sy / sw;
    // The neighbours' spread stands in for the error: tight neighbourhoods mean a sharp match.
    let spread = 0;
    for (const i of order.slice(0, k))
      spread +=
        (1 / (Math.sqrt(dist[i]!) + 1e-3) / sw) *
        ((samples[i]!.x - x) ** 2 + (samples[i]!.y - y) ** 2);
    const errorM = Math.sqrt(spread);
    const confidence = confidenceFromError(errorM);
    if (confidence < settings.minConfidence) return null;
    return {
      x: metres(x),
      y: metres(y),
      confidence,
      method: 'weighted-centroid',
      signalsUsed: heard,
      primaryGateway: null,
      errorM: metres(errorM),
      covariance: { xx: spread / 2, xy: 0, yy: spread / 2 },
    };
  };
}

function vector(observations: readonly Observation[], ids: readonly string[]): number[] {
  return ids.map((id) => {
    const o = observations.find((ob) => ob.gateway === id && Number.isFinite(ob.rssi));
    return o ? o.rssi : MISSING_RSSI;
  });
}
