/** A building of three floors for the tests: maps f0, f1 and f2 at levels 0, 1 and 2. */
import type { Building } from '@rtls/contract';
import type { Placement } from '../features/devices/map-positions.ts';

export function makeBuilding(overrides: Partial<Building> = {}): Building {
  return {
    _id: 'b1',
    name: 'North wing',
    floors: [0, 1, 2].map((level) => ({ mapId: `f${level}`, level, heightM: 3 })),
    links: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A position received at `receivedAt` (ms). */
export const placedAt = (receivedAt: number): Placement => ({
  position: { x: 10, y: 20 },
  triangulationInfo: null,
  receivedAt,
});
