/** Which device's signal popup is open: a marker click opens it, the popup layer shows it. */
import { create } from 'zustand';

interface SignalPopupState {
  mac: string | null;
  open: (mac: string) => void;
  close: () => void;
}

export const useSignalPopupStore = create<SignalPopupState>((set) => ({
  mac: null,
  open: (mac) => set({ mac }),
  close: () => set({ mac: null }),
}));
