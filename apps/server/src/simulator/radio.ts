/**
 * RSSI from a log-distance path-loss model with slow shadowing (a per-link random walk) and fast
 * fading (fresh noise per report), as BLE receivers see it.
 */
export interface RadioModel {
  /** RSSI at 1 m, dBm. */
  p0: number;
  /** Path-loss exponent. */
  n: number;
  /** Standard deviation of the slow shadowing, dB. */
  shadowSigma: number;
  /** Standard deviation of the fast fading per report, dB. */
  fadingSigma: number;
  /** Reports weaker than this are not heard. */
  sensitivity: number;
}

export const INDOOR_BLE: RadioModel = {
  p0: -59,
  n: 2.2,
  shadowSigma: 3,
  fadingSigma: 2.5,
  sensitivity: -100,
};

/** A standard normal sample (Box–Muller). */
export function gaussian(rand: () => number = Math.random): number {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Mean RSSI at 3-D distance d metres. */
export function meanRssi(model: RadioModel, d: number): number {
  return model.p0 - 10 * model.n * Math.log10(Math.max(d, 0.5));
}

/** Slow shadowing per link, moving as a bounded random walk (Ornstein–Uhlenbeck). */
export function createShadowing(model: RadioModel, rand: () => number = Math.random) {
  const state = new Map<string, number>();
  return (link: string, dtS: number): number => {
    const prev = state.get(link) ?? gaussian(rand) * model.shadowSigma;
    const theta = 0.1; // reverts over about 10 s
    const next =
      prev - theta * prev * dtS + model.shadowSigma * Math.sqrt(2 * theta * dtS) * gaussian(rand);
    state.set(link, next);
    return next;
  };
}
