/** Which map dialog is open: create, edit (of one map) or none. */
import { create } from 'zustand';

export type MapDialog = { kind: 'create' } | { kind: 'edit'; id: string } | null;

interface MapDialogState {
  dialog: MapDialog;
  openCreate: () => void;
  openEdit: (id: string) => void;
  close: () => void;
}

export const useMapDialogStore = create<MapDialogState>((set) => ({
  dialog: null,
  openCreate: () => set({ dialog: { kind: 'create' } }),
  openEdit: (id) => set({ dialog: { kind: 'edit', id } }),
  close: () => set({ dialog: null }),
}));
