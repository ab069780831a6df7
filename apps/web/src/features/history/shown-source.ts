/**
 * Where a map's layers read their devices from: the live device store, or, while that map is
 * replayed, the replay's slice at the replayed moment.
 */
import { useDevicesStore } from '../devices/devices-store.ts';
import { createReplaySource, type DeviceSource } from './replay-source.ts';
import { replayMoment, useReplayStore } from './replay-store.ts';

export interface ShownSource {
  source: DeviceSource;
  /**
   * The replayed moment drawn (ms) and whether it moves; null while the map is live. While a
   * seek's first frame loads, the moment drawn before it: the map keeps its picture meanwhile.
   */
  replay: { at: number; playing: boolean } | null;
}

/** One per layer: each keeps its own memo of the replayed slice. */
export function createShownSource() {
  const replaySource = createReplaySource();
  return (mapId: string, wall = Date.now()): ShownSource => {
    const live = useDevicesStore.getState();
    const state = useReplayStore.getState();
    const replay = replayMoment(state, mapId, wall);
    if (!replay) return { source: live, replay: null };
    const at = state.heldAt ?? replay.at;
    return { source: replaySource(live, state.tracks, mapId, at), replay: { ...replay, at } };
  };
}
