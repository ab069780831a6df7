/** An epoch's readings as the grid stage takes them: the usable ones, offsets off, weighed. */
import type { MapReading } from './grid-filter.ts';
import type { RadioMap } from './grid.ts';
import type { GridStageOptions } from './grid-track.ts';
import { DEFAULT_RADIO_MODEL, deviceTermDb, type RadioModel } from './radio-model.ts';
import { ageWeight, countGain, isUsable, rssiTrust } from './signals.ts';
import type { Anchor, Observation } from './types.ts';

/**
 * Per-reading weight from the settings, as the single-epoch solvers weigh them: the reading's age
 * weight (signalAgeWeight per SIGNAL_AGE_UNIT_MS) times the RSSI trust (rssiTrust(rssiWeight)).
 */
export function weigh(
  readings: MapReading[],
  sources: readonly Observation[],
  map: RadioMap,
  settings: GridStageOptions['settings'],
): void {
  const signalAgeWeight = settings?.signalAgeWeight ?? 0.8;
  const trust = rssiTrust(settings?.rssiWeight ?? 1);
  readings.forEach((r, i) => {
    const ob = sources[i]!;
    const gain = countGain(ob.count, map.sigmaDb.get(r.gateway) ?? DEFAULT_RADIO_MODEL.sigmaDb);
    r.weight = ageWeight(ob.ageMs, signalAgeWeight) * trust * gain;
  });
}

/**
 * The usable readings of one epoch against the map, the tag's own offset taken off: the level it
 * states (refRssi against the base model's) and the one learnt from its fixes.
 */
export function collect(
  observations: readonly Observation[],
  anchors: readonly Anchor[],
  map: RadioMap,
  base: RadioModel,
  tagOffsetDb: number,
) {
  const readings: MapReading[] = [];
  const sources: Observation[] = [];
  let primary: Observation | null = null;
  for (const ob of observations) {
    const a = anchors.find((x) => x.id === ob.gateway);
    if (!isUsable(ob, a) || !map.surfaces.has(ob.gateway)) continue;
    readings.push({
      gateway: ob.gateway,
      rssi: ob.rssi - deviceTermDb(ob.refRssi, base) - tagOffsetDb,
    });
    sources.push(ob);
    if (!primary || ob.rssi > primary.rssi) primary = ob;
  }
  return { readings, sources, primary };
}
