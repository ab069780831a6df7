/**
 * A stand-in for the live connection, for tests of the hooks that open it:
 * `vi.mock('../features/live/live-connection.ts', () => import('../test/live-connection-mock.ts'))`
 * then drive the channel through `live.opts` and check the calls on `live`.
 */
import { vi } from 'vitest';
import type { LiveConnectionOptions } from '../features/live/live-connection.ts';

/** The options the hook created the connection with, and spies for the connection's calls. */
export const live = {
  opts: null as LiveConnectionOptions | null,
  connect: vi.fn(),
  close: vi.fn(),
  tokenUpdated: vi.fn(),
  retryNow: vi.fn(),
  ping: vi.fn(),
  watch: vi.fn(),
  heardAt: vi.fn(() => 0),
};

export function createLiveConnection(opts: LiveConnectionOptions) {
  live.opts = opts;
  return live;
}
