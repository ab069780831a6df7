/** Reconnect schedule: 1 s doubling, capped at 30 s, at most 5 attempts. */
import {
  SOCKET_MAX_RECONNECTS,
  SOCKET_RECONNECT_BASE_MS,
  SOCKET_RECONNECT_CAP_MS,
} from '../../constants.ts';

/** Delay before reconnect attempt `attempt` (1-based), or null when attempts are used up. */
export function reconnectDelay(attempt: number): number | null {
  if (attempt < 1 || attempt > SOCKET_MAX_RECONNECTS) return null;
  return Math.min(SOCKET_RECONNECT_CAP_MS, SOCKET_RECONNECT_BASE_MS * 2 ** (attempt - 1));
}
