/**
 * RSSI for the building simulator, from the positioning package's realistic channel
 * (DEFAULT_CHANNEL, riceDb): log-distance path loss, loss through the walls on the straight line,
 * per-gateway offsets, slow shadowing that changes as a tag walks (a per-link Ornstein–Uhlenbeck
 * process over the distance walked), the wearer's body in the way of gateways behind them, and
 * Rician fading drawn fresh for every report.
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
  /** Loss through each wall between tag and gateway (dB). */
  wallLossDb: number;
  /**
   * Most loss through walls on one link (dB): past a few walls the signal comes the long way round,
   * along the corridors, rather than through every wall on the straight line.
   */
  maxWallLossDb: number;
}

/**
 * The demo's tags: asset tags and badges at +4 dBm, heard at −50 dBm from 1 m (−59 dBm is the
 * usual figure of a 0 dBm beacon); interior walls of plasterboard on studs, 3–5 dB each at
 * 2.4 GHz, of which at most three count on one link.
 */
export const INDOOR_BLE: RadioModel = {
  p0: -50,
  n: DEFAULT_CHANNEL.exponent,
  shadowSigma: DEFAULT_CHANNEL.shadowSigmaDb,
  fadingSigma: 0,
  sensitivity: DEFAULT_CHANNEL.sensitivityDbm,
  wallLossDb: 4,
  maxWallLossDb: 12,
};

/** A standard normal sample (Box–Muller). */
export function gaussian(rand: () => number = Math.random): number {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Mean RSSI at 3-D distance d metres through `walls` walls. */
export function meanRssi(model: RadioModel, d: number, walls = 0): number {
  const wallLoss = Math.min(model.maxWallLossDb, walls * model.wallLossDb);
  return model.p0 - 10 * model.n * Math.log10(Math.max(d, 0.5)) - wallLoss;
}

/** An Ornstein–Uhlenbeck step of unit variance over `step` with correlation length `scale`. */
function ou(prev: number, step: number, scale: number, rand: () => number): number {
  const a = Math.exp(-step / scale);
  return a * prev + Math.sqrt(1 - a * a) * gaussian(rand);
}

interface LinkState {
  shadow: number;
  offset: number;
}

/** One report's link: how far the tag moved since the last, and where its wearer faces. */
export interface LinkStep {
  /** Distance (m) the tag moved since the link's last report. */
  movedM: number;
  /** Cosine of the angle between the wearer's heading and the direction to the gateway. */
  facing: number;
}

/**
 * Per link "gateway|tag": the gateway's fixed offset, the slow shadowing (a process over the
 * distance walked, decorrelating over DEFAULT_CHANNEL.shadowCorrelationM, so it holds still while
 * the tag does), the wearer's body (none toward the front, up to DEFAULT_CHANNEL.bodyLossDb straight
 * behind), and each report's fast fade. `offsets` holds the gateways' offsets, drawn into it for a
 * gateway it lacks: two runs sharing one map (and not their seed) are one site, heard apart.
 */
export function createShadowing(
  model: RadioModel,
  rand: () => number = Math.random,
  offsets: Map<string, number> = new Map(),
) {
  const links = new Map<string, LinkState>();
  return (link: string, { movedM, facing }: LinkStep): number => {
    let s = links.get(link);
    if (!s) {
      const gateway = link.split('|')[0] ?? link;
      let offset = offsets.get(gateway);
      if (offset === undefined) {
        offset = DEFAULT_CHANNEL.gatewayOffsetSigmaDb * gaussian(rand);
        offsets.set(gateway, offset);
      }
      s = { shadow: gaussian(rand), offset };
      links.set(link, s);
    } else if (movedM > 0) {
      s.shadow = ou(s.shadow, movedM, DEFAULT_CHANNEL.shadowCorrelationM, rand);
    }
    return (
      s.offset +
      model.shadowSigma * s.shadow -
      DEFAULT_CHANNEL.bodyLossDb * Math.max(0, -facing) +
      riceDb(DEFAULT_CHANNEL.riceK, rand)
    );
  };
}
