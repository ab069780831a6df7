/**
 * Opening a replay: of the map on screen over a preset range, or of a moment (an alert, an event):
 * its map comes on screen, paused at that moment with the history around it, its device selected.
 */
import { useUiStore } from '../layout/ui-store.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { aroundMoment, lastHour, today, type ReplayPreset } from './replay-range.ts';
import { useReplayStore } from './replay-store.ts';

/** Replay a map over the last hour or today, up to now. */
export function openPresetReplay(mapId: string, preset: Exclude<ReplayPreset, 'custom'>) {
  const range = (preset === 'hour' ? lastHour : today)(Date.now());
  void useReplayStore.getState().open({ mapId, preset, ...range });
}

/** Replay a map at a moment (ISO 8601), with the device it is about selected. */
export function openMomentReplay(mapId: string, at: string, mac: string | null) {
  const moment = Date.parse(at);
  if (!Number.isFinite(moment)) return;
  const maps = useMapsStore.getState();
  maps.setViewMode('tabs');
  maps.select(mapId);
  const range = aroundMoment(moment, Date.now());
  const opening = useReplayStore.getState().open({ mapId, preset: 'moment', ...range }, moment);
  // Selected once the replay is on, so the map is never centred on where the device is now.
  if (mac) useUiStore.getState().selectDevice(mac);
  void opening;
}
