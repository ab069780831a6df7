/** Which map dialog is open: create, edit (of one map) or none. */
import { create } from 'zustand';

/** `error` is shown when the dialog opens (a create whose image upload failed reopens as edit). */
export type MapDialog = { kind: 'create' } | { kind: 'edit'; id: string; error?: string } | null;

interface MapDialogState {
  dialog: MapDialog;
  openCreate: () => void;
  openEdit: (id: string, error?: string) => void;
  close: () => void;
}

export const useMapDialogStore = create<MapDialogState>((set) => ({
  dialog: null,
  openCreate: () => set({ dialog: { kind: 'create' } }),
  openEdit: (id, error) =>
    set({ dialog: error ? { kind: 'edit', id, error } : { kind: 'edit', id } }),
  close: () => set({ dialog: null }),
}));
