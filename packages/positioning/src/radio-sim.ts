/**
 * A realistic BLE radio channel for simulations (the benchmarks and the building simulator):
 * log-distance path loss with a per-site exponent and per-gateway offsets, spatially correlated
 * shadowing (a smooth random field per gateway), body shadowing of a worn tag, and per-packet
 * Rician fading (Rayleigh when there is no line-of-sight component), quantised to whole dBm.
 */
import { gaussian } from './random.ts';

/** Channel parameters; defaults are typical published indoor BLE figures. */
export interface ChannelModel {
  /** Path-loss exponent of the site. */
  exponent: number;
  /** Spread of each gateway's fixed offset (antenna, mounting, cable), dB. */
  gatewayOffsetSigmaDb: number;
  /** Standard deviation of the spatially correlated shadowing, dB. */
  shadowSigmaDb: number;
  /** Distance over which the shadowing decorrelates (m). */
  shadowCorrelationM: number;
  /** Rician K-factor (linear) of the fast fading; 0 is Rayleigh. */
  riceK: number;
  /** Most attenuation by the wearer's body for a gateway straight behind (dB). */
  bodyLossDb: number;
  /** Packets weaker than this are not heard (dBm). */
  sensitivityDbm: number;
}

/**
 * Defaults: exponent 2.2 (indoor line of sight); gateway offsets σ 3 dB; shadowing σ 4 dB over
 * ~2 m (Gudmundson-type indoor figures); K = 2 (weak line of sight, fades of 10–20 dB happen);
 * body loss up to 8 dB (measured 5–15 dB for a body-worn 2.4 GHz tag); sensitivity −100 dBm.
 */
export const DEFAULT_CHANNEL: ChannelModel = {
  exponent: 2.2,
  gatewayOffsetSigmaDb: 3,
  shadowSigmaDb: 4,
  shadowCorrelationM: 2,
  riceK: 2,
  bodyLossDb: 8,
  sensitivityDbm: -100,
};

/** A gateway of the simulated site (metres). */
export interface ChannelGateway {
  id: string;
  x: number;
  y: number;
  z?: number;
}

/** The tag at the time of a packet. */
export interface ChannelTag {
  x: number;
  y: number;
  /** Tag height (m). */
  z?: number;
  /** Transmit level as RSSI at 1 m (dBm). */
  txDbm: number;
  /** Direction the wearer faces (radians); no body shadowing when absent. */
  heading?: number;
}

/** A simulated site: fixed gateway offsets and shadowing fields, packets on demand. */
export interface Channel {
  readonly model: ChannelModel;
  /** The gateway's fixed offset (dB). */
  offsetDb(gateway: string): number;
  /** The mean RSSI of the link before fading and body loss (dBm). */
  meanRssi(gateway: ChannelGateway, tag: ChannelTag): number;
  /** One packet's RSSI (whole dBm), or null when below sensitivity. */
  packet(gateway: ChannelGateway, tag: ChannelTag, rand: () => number): number | null;
}

/** Random Fourier features of one gateway's shadowing field (a Gaussian-correlated field). */
interface Field {
  kx: Float64Array;
  ky: Float64Array;
  phase: Float64Array;
}

const FEATURES = 24;
const DEFAULT_ANCHOR_Z = 2.5;
const DEFAULT_TAG_Z = 1.2;

function field(rand: () => number, correlationM: number): Field {
  const f = {
    kx: new Float64Array(FEATURES),
    ky: new Float64Array(FEATURES),
    phase: new Float64Array(FEATURES),
  };
  // Wave vectors from the spectrum of a Gaussian correlation exp(−d²/2L²): N(0, 1/L²).
  for (let i = 0; i < FEATURES; i++) {
    f.kx[i] = gaussian(rand) / correlationM;
    f.ky[i] = gaussian(rand) / correlationM;
    f.phase[i] = 2 * Math.PI * rand();
  }
  return f;
}

function fieldAt(f: Field, x: number, y: number): number {
  let s = 0;
  for (let i = 0; i < FEATURES; i++) s += Math.cos(f.kx[i]! * x + f.ky[i]! * y + f.phase[i]!);
  return s * Math.sqrt(2 / FEATURES);
}

/** One packet's fast-fading gain (dB): |LOS + scatter|² with mean power 1, Rician K (0: Rayleigh). */
export function riceDb(k: number, rand: () => number): number {
  const los = Math.sqrt(k / (k + 1));
  const s = Math.sqrt(1 / (2 * (k + 1)));
  const re = los + s * gaussian(rand);
  const im = s * gaussian(rand);
  return 10 * Math.log10(Math.max(1e-12, re * re + im * im));
}

/** Attenuation by the wearer: none toward the front, up to bodyLossDb straight behind. */
function bodyLoss(model: ChannelModel, gw: ChannelGateway, tag: ChannelTag): number {
  if (tag.heading === undefined || model.bodyLossDb <= 0) return 0;
  const toGw = Math.atan2(gw.y - tag.y, gw.x - tag.x);
  const c = Math.cos(toGw - tag.heading);
  return c < 0 ? -c * model.bodyLossDb : 0;
}

/** A site with its own gateway offsets and shadowing, drawn from `seed`'s stream `rand`. */
export function createChannel(
  gateways: readonly ChannelGateway[],
  rand: () => number,
  model: Partial<ChannelModel> = {},
): Channel {
  const m: ChannelModel = { ...DEFAULT_CHANNEL, ...model };
  const offsets = new Map<string, number>();
  const fields = new Map<string, Field>();
  for (const g of gateways) {
    offsets.set(g.id, m.gatewayOffsetSigmaDb * gaussian(rand));
    fields.set(g.id, field(rand, m.shadowCorrelationM));
  }
  function meanRssi(gw: ChannelGateway, tag: ChannelTag): number {
    const d = Math.hypot(
      gw.x - tag.x,
      gw.y - tag.y,
      (gw.z ?? DEFAULT_ANCHOR_Z) - (tag.z ?? DEFAULT_TAG_Z),
    );
    const f = fields.get(gw.id);
    const shadow = f ? m.shadowSigmaDb * fieldAt(f, tag.x, tag.y) : 0;
    return (
      tag.txDbm +
      (offsets.get(gw.id) ?? 0) -
      10 * m.exponent * Math.log10(Math.max(0.5, d)) +
      shadow
    );
  }
  return {
    model: m,
    offsetDb: (id) => offsets.get(id) ?? 0,
    meanRssi,
    packet(gw, tag, r) {
      const rssi = meanRssi(gw, tag) - bodyLoss(m, gw, tag) + riceDb(m.riceK, r);
      return rssi < m.sensitivityDbm ? null : Math.round(rssi);
    },
  };
}
