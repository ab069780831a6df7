/**
 * The engine configurations bench:accuracy's leave-one-dataset-out table chooses among: the
 * constants that set how much the engine trusts its readings and its motion. A new knob is one
 * line: a name and the stream options (tracker options, settings, floor) it stands for.
 */
import { DEFAULT_LOCATE_SETTINGS, type LocateSettings } from '@rtls/positioning';
import type { StreamOptions } from './stream-eval.ts';

/** The user's settings with these changed. */
const settings = (s: Partial<LocateSettings>) => ({
  settings: { ...DEFAULT_LOCATE_SETTINGS, ...s },
});

/** [name, options]; the first is the defaults, and wins a tie. */
export const LODO_CANDIDATES: readonly (readonly [string, StreamOptions])[] = [
  ['defaults', {}],
  // The likelihood's tempering exponent (rssiWeight): < 1 trusts each epoch's readings less.
  ['tempering 0.5', settings({ rssiWeight: 0.5 })],
  ['tempering 0.7', settings({ rssiWeight: 0.7 })],
  ['tempering 1.5', settings({ rssiWeight: 1.5 })],
  // How long a link's shadowing stays correlated (each epoch tempered by dt / this).
  ['decorrelation 0.5 s', { tracker: { decorrelationMs: 500 } }],
  ['decorrelation 2 s', { tracker: { decorrelationMs: 2_000 } }],
  ['decorrelation 3 s', { tracker: { decorrelationMs: 3_000 } }],
  // The walker's white acceleration (m²/s³, default 2): how far the belief may wander per second.
  ['process noise 1', { tracker: { processNoise: 1 } }],
  ['process noise 4', { tracker: { processNoise: 4 } }],
  // Noise learnt on site: off (the generic tempering and memory), or the tempering only (memory 1 s).
  ['no noise learning', { tracker: { learnNoise: false } }],
  ['noise tempering only', { tracker: { decorrelationMs: 1_000 } }],
  // The set's walls and outline left out (no difference on the simulations, which have none).
  ['no floor', { floor: false }],
  // The set's walls keep motion to the doors but take no signal.
  ['walls without loss', { wallLoss: false }],
];
