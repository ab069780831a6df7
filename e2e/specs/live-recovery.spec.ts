/**
 * The console recovers from a server outage by itself: after a stop long enough for the reconnect
 * schedule to give up (1 + 2 + 4 + 8 + 16 s of waits), the console finds the server back (its
 * health check every second while the channel is down, or a Data Refresh Rate poll), the markers
 * move again and all of them return, and the live channel reopens, without a click.
 */
import { describe, expect, it } from 'vitest';
import { consoleFor } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

/** Longest the reconnect schedule may take to give up: its waits, its attempts' timeouts. */
const GIVE_UP_WITHIN_MS = 60_000;
/** How soon after the server is back the markers must move (polls and live updates both do). */
const BACK_WITHIN_MS = 10_000;
/**
 * A restarted server locates each tag afresh from new reports, and a tag it cannot place yet is
 * not drawn; every marker must be back once it has (usually within seconds).
 */
const ALL_BACK_WITHIN_MS = 30_000;

const own = useOwnServer();

describe('recovery', () => {
  it('after a server stop the reconnects gave up on, the markers move again with no click', async () => {
    const { page, main } = consoleFor(own.page);
    await own.signIn(page);
    await main.waitForMarkers(8, 30_000);
    const all = (await main.markerMacs()).length;
    await expect.poll(() => main.liveState(), { timeout: 15_000 }).toBe('connected');

    await own.server.stop();
    // 'disconnected' only once the reconnect schedule has given up ('reconnecting' until then):
    // only a click, or a successful poll, reopens it.
    await expect
      .poll(() => main.liveState(), { timeout: GIVE_UP_WITHIN_MS, interval: 500 })
      .toBe('disconnected');

    await own.startAgain();
    await main.waitForAMarkerToMove(BACK_WITHIN_MS);
    await main.waitForMarkers(all, ALL_BACK_WITHIN_MS);
    await expect.poll(() => main.liveState(), { timeout: 15_000 }).toBe('connected');
  }, 180_000);
});
