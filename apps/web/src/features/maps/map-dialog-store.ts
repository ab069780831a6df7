/** Which map dialog is open: create, edit or share (of one map) or none. */
import { create } from 'zustand';

/** `error` is shown when the dialog opens (a create whose image upload failed reopens as edit). */
export type MapDialog =
  | { kind: 'create' }
  | { kind: 'edit'; id: string; error?: string }
  | { kind: 'share'; id: string }
  | null;

interface MapDialogState {
  dialog: MapDialog;
  openCreate: () => void;
  openEdit: (id: string, error?: string) => void;
  openShare: (id: string) => void;
  close: () => void;
}

export const useMapDialogStore = create<MapDialogState>((set) => ({
  dialog: null,
  openCreate: () => set({ dialog: { kind: 'create' } }),
  openEdit: (id, error) =>
    set({ dialog: error ? { kind: 'edit', id, error } : { kind: 'edit', id } }),
  openShare: (id) => set({ dialog: { kind: 'share', id } }),
  close: () => set({ dialog: null }),
}));
