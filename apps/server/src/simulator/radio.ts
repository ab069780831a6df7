/**
 * RSSI for the building simulator, from the positioning package's realistic channel
 * (DEFAULT_CHANNEL, riceDb): log-distance path loss, per-gateway offsets, slow shadowing that
 * changes as a tag walks (a per-link Ornstein–Uhlenbeck process over ~2 s, the time a walker
 * takes to cross the channel's correlation distance), the wearer's body shadowing as heading
 * changes, and Rician fading drawn fresh for every report.
 */
import { DEFAULT_CHANNEL, riceDb } from '@rtls/positioning';

export interface RadioModel {
  /** RSSI at 1 m, dBm. */
  p0: number;
  /** Path-loss exponent. */
  n: number;
  /** Standard deviation of the slow shadowing, dB. */
  shadowSigma: number;
  /**
   * Standard deviation of extra Gaussian noise per report, dB; 0 by default because the fast
   * fading (Rician, heavy-tailed) comes with the shadowing process.
   */
  fadingSigma: number;
  /** Reports weaker than this are not heard. */
  sensitivity: number;
}

export const INDOOR_BLE: RadioModel = {
  p0: -59,
  n: DEFAULT_CHANNEL.exponent,
  shadowSigma: DEFAULT_CHANNEL.shadowSigmaDb,
  fadingSigma: 0,
  sensitivity: DEFAULT_CHANNEL.sensitivityDbm,
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

/** Correlation time of a walking tag's shadowing (s): ~2 m at ~1.2 m/s. */
const SHADOW_TAU_S = 2;
/** How long a wearer keeps a heading (s) before the body's shadow on a link changes. */
const BODY_TAU_S = 5;

/** An Ornstein–Uhlenbeck step of unit variance over dtS with correlation time tauS. */
function ou(prev: number, dtS: number, tauS: number, rand: () => number): number {
  const a = Math.exp(-dtS / tauS);
  return a * prev + Math.sqrt(1 - a * a) * gaussian(rand);
}

interface LinkState {
  shadow: number;
  body: number;
  offset: number;
}

/**
 * Per link "gateway|tag": the slow shadowing, the body's shadow (0 toward the front, up to
 * DEFAULT_CHANNEL.bodyLossDb behind), the gateway's fixed offset, and each report's fast fade.
 */
export function createShadowing(model: RadioModel, rand: () => number = Math.random) {
  const links = new Map<string, LinkState>();
  const offsets = new Map<string, number>();
  return (link: string, dtS: number): number => {
    let s = links.get(link);
    if (!s) {
      const gateway = link.split('|')[0] ?? link;
      let offset = offsets.get(gateway);
      if (offset === undefined) {
        offset = DEFAULT_CHANNEL.gatewayOffsetSigmaDb * gaussian(rand);
        offsets.set(gateway, offset);
      }
      s = { shadow: gaussian(rand), body: gaussian(rand), offset };
      links.set(link, s);
    } else if (dtS > 0) {
      s.shadow = ou(s.shadow, dtS, SHADOW_TAU_S, rand);
      s.body = ou(s.body, dtS, BODY_TAU_S, rand);
    }
    // The body's shadow: a link behind the wearer about half the time.
    const behind = Math.max(0, Math.tanh(s.body));
    return (
      s.offset +
      model.shadowSigma * s.shadow -
      DEFAULT_CHANNEL.bodyLossDb * behind +
      riceDb(DEFAULT_CHANNEL.riceK, rand)
    );
  };
}
