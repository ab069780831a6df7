/**
 * How many live tags (heard in the last 3 minutes) each floor of a building has: those its map
 * draws, counted at most once a second; while live updates are paused, as of the pause.
 */
import { useRef } from 'react';
import { isLive, type BuildingFloor } from '@rtls/contract';
import { useDevicesStore } from '../devices/devices-store.ts';
import { createPlacedSelector } from '../devices/placed-devices.ts';
import { useThrottled } from '../devices/use-throttled.ts';
import { useTick } from '../gateways/gateway-health.ts';
import { statusClock } from '../live/freshness.ts';
import { useLiveStore } from '../live/live-store.ts';

const COUNT_REFRESH_MS = 1000;

/** Map id → live tags on it, for each floor. */
export function useFloorCounts(floors: readonly BuildingFloor[]): Record<string, number> {
  const source = useThrottled(
    useDevicesStore,
    (s) => ({ entities: s.entities, visitors: s.visitors, positions: s.positions }),
    COUNT_REFRESH_MS,
  );
  const now = statusClock(
    useLiveStore((s) => s.staleSince),
    useTick(),
  );
  // One memoised selector per floor, so each keeps its own cache.
  const selectors = useRef(new Map<string, ReturnType<typeof createPlacedSelector>>());
  const counts: Record<string, number> = {};
  for (const { mapId } of floors) {
    let placed = selectors.current.get(mapId);
    if (!placed) selectors.current.set(mapId, (placed = createPlacedSelector()));
    counts[mapId] = placed(source, mapId).filter((d) => isLive(d.lastSeen, now)).length;
  }
  return counts;
}
