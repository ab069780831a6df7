/**
 * Saving a view preset answers the user: 'View saved' for a moment, or why it failed. The map's
 * Save preset control calls savePresetWithNotice; PresetNotice shows the answer.
 */
import { create } from 'zustand';
import type { Point } from '@rtls/contract';
import { useMapsStore } from './maps-store.ts';

/** How long the 'saved' answer stays (a failure stays until the next save). */
export const PRESET_SAVED_NOTICE_MS = 3000;

type Notice = { mapId: string; ok: true } | { mapId: string; ok: false; error: unknown };

interface PresetNoticeState {
  notice: Notice | null;
  saving: boolean;
}

export const usePresetNotice = create<PresetNoticeState>(() => ({ notice: null, saving: false }));

let clearTimer: ReturnType<typeof setTimeout> | undefined;

export async function savePresetWithNotice(mapId: string, view: { center: Point; zoom: number }) {
  clearTimeout(clearTimer);
  usePresetNotice.setState({ notice: null, saving: true });
  try {
    await useMapsStore.getState().savePreset(mapId, view);
    usePresetNotice.setState({ notice: { mapId, ok: true }, saving: false });
    clearTimer = setTimeout(
      () => usePresetNotice.setState({ notice: null }),
      PRESET_SAVED_NOTICE_MS,
    );
  } catch (error) {
    console.error('Failed to save map preset', error);
    usePresetNotice.setState({ notice: { mapId, ok: false, error }, saving: false });
  }
}
