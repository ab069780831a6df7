/** The user's view options (spec §3), defaults from the contract. */
import { create } from 'zustand';
import { DEFAULT_VIEW_OPTIONS, type ViewOptionKey, type ViewOptions } from '@rtls/contract';

interface ViewState {
  viewOptions: ViewOptions;
  setViewOption: (key: ViewOptionKey, value: boolean) => void;
}

export const useViewStore = create<ViewState>((set) => ({
  viewOptions: { ...DEFAULT_VIEW_OPTIONS },
  setViewOption: (key, value) => set((s) => ({ viewOptions: { ...s.viewOptions, [key]: value } })),
}));
