/**
 * Which device's signal popup is open. Pointing at a marker (hover or keyboard focus) opens it and
 * pointing away closes it after a short grace (time to move the pointer into the popup); a click
 * or tap pins it open until it is closed (its button, Escape, a click on the map).
 */
import { create } from 'zustand';

/** How long a popup stays after the pointer or focus left its marker (ms). */
export const POPUP_CLOSE_DELAY_MS = 300;

interface SignalPopupState {
  mac: string | null;
  /** Opened by a click or tap: stays open until closed. */
  pinned: boolean;
  /** Opens the popup of this device (pinned by a click or tap). */
  open: (mac: string, pinned?: boolean) => void;
  /** The pointer or focus came to a marker or the popup (mac), or left it (null). */
  point: (mac: string | null) => void;
  close: () => void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
const cancel = () => {
  if (timer !== null) clearTimeout(timer);
  timer = null;
};

export const useSignalPopupStore = create<SignalPopupState>((set, get) => ({
  mac: null,
  pinned: false,
  open: (mac, pinned = false) => {
    cancel();
    set({ mac, pinned: pinned || (get().pinned && get().mac === mac) });
  },
  point: (mac) => {
    cancel();
    const s = get();
    if (mac !== null) {
      if (s.mac !== mac) set({ mac, pinned: false });
      return;
    }
    if (s.pinned || s.mac === null) return;
    timer = setTimeout(() => {
      timer = null;
      if (!get().pinned) set({ mac: null });
    }, POPUP_CLOSE_DELAY_MS);
  },
  close: () => {
    cancel();
    set({ mac: null, pinned: false });
  },
}));
