/**
 * Noise learnt on site: how far a site's readings really stray from its radio map, against the σ
 * the map assumes, and how long a link's error lasts, from the residuals at confident fixes (the
 * reading minus the map's mean at the fix, the tag's offset profiled out as the likelihood does).
 * A site twice as noisy as modelled should weigh its evidence four times less (the likelihood's
 * tempering); a link whose error lasts longer should count its successive readings as fewer
 * independent ones (the filter's decorrelation time). Both scales are robust: medians of absolute
 * values, so deep fades and a wrong fix now and then do not move them.
 */

/** The tempering stays within these: evidence is never trusted more than modelled, nor ignored. */
export const NOISE_TEMPERING_BOUNDS = { min: 0.2, max: 1 } as const;
/**
 * The decorrelation time stays within these (ms): BLE shadowing lasts from a step to a pause.
 * The upper bound is what bench:accuracy's leave-one-dataset-out and the demo building agree on:
 * 2, 3 and 4 s give the six sets 0.77, 0.76 and 0.76 of the centroid's error (mean of median and
 * p90 ratios), while on the demo building, whose tags stand still half the time, 3 and 4 s leave
 * standing tags at presence confidence 66 and 54 % of the time against 79 % at 2 s.
 */
export const DECORRELATION_BOUNDS_MS = { min: 500, max: 2000 } as const;
/**
 * Effective memory (readings): old residuals fade by e per this many, so a site is followed as it
 * changes (furniture, people) while one busy minute cannot swing it; the same memory as the
 * site's radio calibration.
 */
const MEMORY_READINGS = 20_000;
/** Readings before the spread departs from the model's: a round figure, as the calibration's. */
const MIN_READINGS = 1000;
/** Pairs of successive residuals before the decorrelation time departs from the default. */
const MIN_PAIRS = 1000;
/** Pairs of a lag class before it counts toward the decorrelation time. */
const MIN_CLASS_PAIRS = 100;
/** Lag classes of successive residuals (ms); pairs farther apart tell nothing at these times. */
const LAG_EDGES_MS = [0, 750, 1500, 3000, 6000] as const;
/** A reading whose residual the tag's offset nearly fixes (its share of variance below) is skipped. */
const MIN_RESIDUAL_SHARE = 0.05;
/** Estimates are refreshed every this many readings (a median over the histogram each time). */
const REFRESH_READINGS = 64;
/** The median of |z| of a standard normal: a scale is 1.4826 × the median absolute value. */
const MAD_TO_SIGMA = 1.482602218505602;

/** One reading's residual at a confident fix. */
export interface NoiseReading {
  gateway: string;
  /** The reading minus the map's mean at the fix (dB), the tag's offset not yet taken off. */
  residualDb: number;
  /** Its weight in the noise model: 1/σ² with the packet-count gain, without user trust (1/dB²). */
  weight: number;
}

/** A tag's last residual per link, for the lag correlation; the tag's owner keeps it. */
export interface LinkResiduals {
  readonly last: Map<string, { z: number; tMs: number }>;
}

/** A tag's empty link residuals. */
export function createLinkResiduals(): LinkResiduals {
  return { last: new Map() };
}

/** What a site has learnt of its noise. */
export interface NoiseCalibration {
  /**
   * Feed one confident epoch at time tMs: its residuals, the precision of the tag's offset prior
   * (1/dB²; the radio map's 1/txOffsetSigmaDb²), and the tag's link residuals for the lag
   * correlation (omitted: the spread only).
   */
  observe(
    tMs: number,
    readings: readonly NoiseReading[],
    offsetPrecision: number,
    links?: LinkResiduals,
  ): void;
  /** The readings' real spread over the one the map assumes (1 until enough was seen). */
  readonly spreadRatio: number;
  /** The likelihood's exponent for this site: 1 / spreadRatio², within NOISE_TEMPERING_BOUNDS. */
  readonly tempering: number;
  /** A link's signal memory (ms), within DECORRELATION_BOUNDS_MS; DECORRELATION_MS until learnt. */
  readonly decorrelationMs: number;
  /** Readings and pairs of successive residuals seen. */
  readonly readings: number;
  readonly pairs: number;
}

/** Bins of log|v| from 1e-3 to 1e3, 2 % wide. */
const LOG_LO = Math.log(1e-3);
const LOG_STEP = 0.02;
const BINS = Math.ceil((Math.log(1e3) - LOG_LO) / LOG_STEP);

/** A fading histogram of absolute values, for their median. */
interface AbsHistogram {
  bins: Float64Array;
  total: number;
}

const histogram = (): AbsHistogram => ({ bins: new Float64Array(BINS), total: 0 });

function addAbs(h: AbsHistogram, v: number, weight: number): void {
  const a = Math.abs(v);
  const b = a > 0 ? Math.floor((Math.log(a) - LOG_LO) / LOG_STEP) : 0;
  const i = Math.min(BINS - 1, Math.max(0, b));
  h.bins[i] = h.bins[i]! + weight;
  h.total += weight;
}

/** The median absolute value (interpolated within its bin, in log). */
function medianAbs(h: AbsHistogram): number {
  const half = h.total / 2;
  let below = 0;
  for (let i = 0; i < BINS; i++) {
    const w = h.bins[i]!;
    if (below + w >= half && w > 0) return Math.exp(LOG_LO + (i + (half - below) / w) * LOG_STEP);
    below += w;
  }
  return NaN;
}

/** Successive residuals of a lag class: |z1 + z2|, |z1 − z2| and their lags. */
interface LagClass {
  sum: AbsHistogram;
  diff: AbsHistogram;
  lagMs: number;
}

/**
 * The signal memory (ms) from each lag class's correlation, combined in log time by inverse
 * variance; NaN when no class has enough pairs. The correlation comes from the robust scales of
 * sums and differences (ρ = (S₊² − S₋²) / (S₊² + S₋²)), and an exponential decay ρ = e^(−lag/τ).
 */
function memoryMs(classes: readonly LagClass[], clock: number): number {
  let sw = 0;
  let swl = 0;
  for (const c of classes) {
    const n = c.sum.total / clock;
    if (n < MIN_CLASS_PAIRS) continue;
    const lag = c.lagMs / c.sum.total;
    const sp = medianAbs(c.sum) ** 2;
    const sm = medianAbs(c.diff) ** 2;
    const rho = Math.min(0.99, Math.max(0.01, (sp - sm) / (sp + sm)));
    const ln = Math.log(rho);
    // Var(ln τ) ≈ (1 − ρ²)² / (n ρ² ln²ρ): the delta method on the correlation's variance.
    const w = (n * rho * rho * ln * ln) / (1 - rho * rho) ** 2;
    sw += w;
    swl += w * Math.log(-lag / ln);
  }
  return sw > 0 ? Math.exp(swl / sw) : NaN;
}

/** Huber's threshold (in the residuals' spread) beyond which a reading pulls the offset less. */
const HUBER_K = 2;

/**
 * The tag's offset profiled as the likelihood does (weighted mean shrunk by its prior), but with
 * a deep fade's pull bounded (two Huber reweightings), so one wild reading does not shift every
 * other residual of its epoch.
 */
function robustOffset(
  rs: readonly NoiseReading[],
  start: number,
  lambda: number,
  spread: number,
): number {
  let offset = start;
  for (let pass = 0; pass < 2; pass++) {
    let sw = lambda;
    let swd = 0;
    for (const r of rs) {
      if (!Number.isFinite(r.residualDb) || !(r.weight > 0)) continue;
      const z = (Math.abs(r.residualDb - offset) * Math.sqrt(r.weight)) / spread;
      const w = r.weight * (z > HUBER_K ? HUBER_K / z : 1);
      sw += w;
      swd += w * r.residualDb;
    }
    offset = swd / sw;
  }
  return offset;
}

/**
 * Default correlation time of a link's shadowing (ms). Physics: indoor shadowing decorrelates
 * over ~1 m (Gudmundson-type models give 1–2 m indoors; RSSI residuals of the calibration run lose
 * half their correlation within 0.75–1 m of separation) and people walk at ~1 m/s, so ~1 s; a
 * still tag is averaged by the static mode instead. bench/lib/tune.ts compares 0.5, 1 and 2 s on
 * the calibration run and the simulation (never the test run): 0.5 s wins in the simulation,
 * whose noise is independent per report by construction, 2 s slightly on the slow calibration
 * robot; the physical 1 s is kept.
 */
export const DECORRELATION_MS = 1_000;

/** A site's noise calibration, starting at the model's spread and DECORRELATION_MS. */
export function createNoiseCalibration(): NoiseCalibration {
  const spread = histogram();
  const lags: LagClass[] = LAG_EDGES_MS.slice(1).map(() => ({
    sum: histogram(),
    diff: histogram(),
    lagMs: 0,
  }));
  // Forgetting without touching every bin: each new value weighs `clock`, which grows by e per
  // MEMORY_READINGS; everything is scaled back down now and then.
  let clock = 1;
  const grow = Math.exp(1 / MEMORY_READINGS);
  const rescale = () => {
    for (const h of [spread, ...lags.flatMap((c) => [c.sum, c.diff])]) {
      for (let i = 0; i < BINS; i++) h.bins[i] = h.bins[i]! / clock;
      h.total /= clock;
    }
    for (const c of lags) c.lagMs /= clock;
    clock = 1;
  };
  let readings = 0;
  let pairs = 0;
  let sinceRefresh = 0;
  let spreadRatio = 1;
  let decorrelationMs: number = DECORRELATION_MS;
  const refresh = () => {
    sinceRefresh = 0;
    if (readings >= MIN_READINGS) spreadRatio = MAD_TO_SIGMA * medianAbs(spread);
    if (pairs >= MIN_PAIRS) {
      const tau = memoryMs(lags, clock);
      if (Number.isFinite(tau)) {
        decorrelationMs = Math.min(
          DECORRELATION_BOUNDS_MS.max,
          Math.max(DECORRELATION_BOUNDS_MS.min, tau),
        );
      }
    }
  };
  return {
    observe(tMs, rs, offsetPrecision, links) {
      let sw = 0;
      let swd = 0;
      let n = 0;
      for (const r of rs) {
        if (!Number.isFinite(r.residualDb) || !(r.weight > 0)) continue;
        sw += r.weight;
        swd += r.weight * r.residualDb;
        n++;
      }
      if (n < 2) return;
      const lambda = Math.max(0, offsetPrecision);
      const s = sw + lambda;
      const offset = robustOffset(rs, swd / s, lambda, spreadRatio);
      for (const r of rs) {
        const w = r.weight;
        if (!Number.isFinite(r.residualDb) || !(w > 0)) continue;
        // The profiled offset takes part of each residual's variance: what is left, in units of
        // the reading's own, is 1 − 2w/s + w·Σw/s².
        const share = 1 - (2 * w) / s + (w * sw) / (s * s);
        if (!(share >= MIN_RESIDUAL_SHARE)) continue;
        const z = ((r.residualDb - offset) * Math.sqrt(w)) / Math.sqrt(share);
        addAbs(spread, z, clock);
        readings++;
        const prev = links?.last.get(r.gateway);
        const lag = prev ? tMs - prev.tMs : NaN;
        const k = LAG_EDGES_MS.findIndex((edge, i) => i > 0 && lag <= edge) - 1;
        if (prev && lag > 0 && k >= 0) {
          const c = lags[k]!;
          addAbs(c.sum, z + prev.z, clock);
          addAbs(c.diff, z - prev.z, clock);
          c.lagMs += clock * lag;
          pairs++;
        }
        links?.last.set(r.gateway, { z, tMs });
        clock *= grow;
        if (++sinceRefresh >= REFRESH_READINGS) refresh();
      }
      if (clock > 1e100) rescale();
    },
    get spreadRatio() {
      return spreadRatio;
    },
    get tempering() {
      const t = 1 / (spreadRatio * spreadRatio);
      return Math.min(NOISE_TEMPERING_BOUNDS.max, Math.max(NOISE_TEMPERING_BOUNDS.min, t));
    },
    get decorrelationMs() {
      return decorrelationMs;
    },
    get readings() {
      return readings;
    },
    get pairs() {
      return pairs;
    },
  };
}
