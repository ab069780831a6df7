/** The live connection's state, for the quiet indicator in the header. */
import { create } from 'zustand';
import type { LiveState } from './live-connection.ts';

export const useLiveStore = create<{ state: LiveState; error: string | null }>(() => ({
  state: 'idle',
  error: null,
}));
