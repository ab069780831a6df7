/**
 * Whether the map keeps the selected device in view as it moves (the Devices tab's Follow). The
 * map's device camera reads it; taking the map in hand (dragging) turns it off.
 */
import { create } from 'zustand';

interface FollowState {
  following: boolean;
  setFollowing: (on: boolean) => void;
}

export const useFollowStore = create<FollowState>((set) => ({
  following: false,
  setFollowing: (following) => set({ following }),
}));
