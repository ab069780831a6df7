/** The live connection's state, for the quiet indicator in the header. */
import { create } from 'zustand';
import { CONNECTION_ERRORS } from '@rtls/contract';
import type { LiveState } from './live-connection.ts';

interface LiveStore {
  state: LiveState;
  /** The last connection error text (CONNECTION_ERRORS); shown only as the indicator's tooltip. */
  error: string | null;
  /** Round trip of the last ping/pong, when one came back. */
  latencyMs: number | null;
  /** How often (s) the server said it locates each device, in its last pong; null before one. */
  locatingEveryS: number | null;
  /** Try to connect again now; set while a connection is open for the session. */
  retry: (() => void) | null;
  /**
   * Null while live updates flow; once the live link is lost, when the console last heard from
   * the server (ms): what it shows is as of then (freshness.ts).
   */
  staleSince: number | null;
}

export const useLiveStore = create<LiveStore>(() => ({
  state: 'idle',
  error: null,
  latencyMs: null,
  locatingEveryS: null,
  retry: null,
  staleSince: null,
}));

/** Refusals no retry can fix: a new sign-in or a reload of the page is needed. */
const FINAL_ERRORS: readonly string[] = [
  CONNECTION_ERRORS.authFailed,
  CONNECTION_ERRORS.protocolMismatch,
  CONNECTION_ERRORS.noToken,
];

/**
 * Whether the channel may be reopened without the user: only once the reconnect schedule has given
 * up (while it runs, it keeps its own timing), and never after a refusal.
 */
export const mayReopen = (state: LiveState, error: string | null) =>
  state === 'disconnected' && !refusedForGood(error);

/** A refusal no retry can fix (the console must not reopen the channel by itself). */
export const refusedForGood = (error: string | null) =>
  error !== null && FINAL_ERRORS.includes(error);

/** This page speaks another protocol than the server: only a reload helps. */
export const needsReload = (error: string | null) => error === CONNECTION_ERRORS.protocolMismatch;
