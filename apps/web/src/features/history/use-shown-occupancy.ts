/**
 * The zone counts a map shows: the live ones, or while the map is replayed, those of the replayed
 * moment from the zone visits the server kept (re-read a few times a second while it plays, and
 * handed on only when a count changed, so the zone labels are not redrawn for nothing).
 */
import { useEffect, useState } from 'react';
import { useZonesStore } from '../zones/zones-store.ts';
import { occupancyAt, sameOccupancy } from './replay-occupancy.ts';
import { replayMoment, useReplayStore } from './replay-store.ts';

const REFRESH_MS = 250;

export function useShownOccupancy(mapId: string): Record<string, number> {
  const live = useZonesStore((s) => s.occupancy);
  const replaying = useReplayStore((s) => s.session?.mapId === mapId);
  const [replayed, setReplayed] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!replaying) return;
    const read = () => {
      const s = useReplayStore.getState();
      const moment = replayMoment(s, mapId, Date.now());
      if (!moment) return;
      const next = occupancyAt(s.visits, moment.at);
      setReplayed((prev) => (sameOccupancy(prev, next) ? prev : next));
    };
    read();
    const unsubscribe = useReplayStore.subscribe(read);
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [mapId, replaying]);
  return replaying ? replayed : live;
}
