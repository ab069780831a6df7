/** Wires walks: their repository, the walk rules and the calibration and report rules. */
import type { Sql } from '../../lib/db.ts';
import type { MapsRepository } from '../maps/repository.ts';
import { loadMapFrame } from '../positions/frames.ts';
import type { PositionsRepository } from '../positions/repository.ts';
import { zonesRepository } from '../zones/repository.ts';
import { calibrationsService } from './calibrations.ts';
import { walksRepository } from './repository.ts';
import { walksService } from './service.ts';

export function createWalksModule(
  sql: Sql,
  opts: {
    maps: MapsRepository;
    positions: PositionsRepository;
    /** A map's applied calibration changed: positions read its frame again. */
    onRadioChanged: (mapId: string) => void;
  },
) {
  const zones = zonesRepository(sql);
  const deps = {
    repo: walksRepository(sql),
    maps: opts.maps,
    frameOf: (mapId: string) => loadMapFrame(opts.positions, mapId),
    zonesOf: (mapId: string) => zones.ofMap(mapId),
    onRadioChanged: opts.onRadioChanged,
  };
  return { walks: walksService(deps), calibrations: calibrationsService(deps) };
}
