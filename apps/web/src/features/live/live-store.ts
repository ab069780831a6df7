/** The live connection's state, for the quiet indicator in the header. */
import { create } from 'zustand';
import type { LiveState } from './live-connection.ts';

interface LiveStore {
  state: LiveState;
  /** The last connection error text (spec §8); shown only as the indicator's tooltip. */
  error: string | null;
  /** Round trip of the last ping/pong, when one came back. */
  latencyMs: number | null;
  /** Try to connect again now; set while a connection is open for the session. */
  retry: (() => void) | null;
}

export const useLiveStore = create<LiveStore>(() => ({
  state: 'idle',
  error: null,
  latencyMs: null,
  retry: null,
}));
