/** A tag's own transmit level against the site's models, learnt from its confident epochs. */

/**
 * Prior σ of a tag's transmit level about the nominal 1 m level (dB): 8 dB puts −50…−80 dBm
 * within two σ of the −59 dBm default.
 */
export const TAG_LEVEL_PRIOR_DB = 8;

/** A tag's own level against the site's models, learnt from its confident epochs. */
export interface TagLevel {
  /** The current estimate (dB, add to the models' levels). */
  readonly offsetDb: number;
  /** Feed one epoch's mean residual (dB) with its weight (1/σ² units). */
  observe(residualDb: number, weight: number): void;
  reset(): void;
}

/** Readings of the tag's level fade from memory over about this many epochs (it may change). */
const TAG_MEMORY_EPOCHS = 120;

/** A tag level starting at the prior. */
export function createTagLevel(): TagLevel {
  let w = 0;
  let s = 0;
  const prior = 1 / TAG_LEVEL_PRIOR_DB ** 2;
  return {
    get offsetDb() {
      return s / (w + prior);
    },
    observe(residualDb, weight) {
      if (!Number.isFinite(residualDb) || !(weight > 0)) return;
      const keep = 1 - 1 / TAG_MEMORY_EPOCHS;
      w = w * keep + weight;
      s = s * keep + weight * residualDb;
    },
    reset() {
      w = 0;
      s = 0;
    },
  };
}
