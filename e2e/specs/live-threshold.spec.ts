/**
 * A saved gateway threshold applies at once on the server: a tag standing still, heard by five
 * gateways as from (18 m, 6 m) and far too loud by a sixth across the floor, moves when that
 * gateway's RSSI threshold is raised above what it hears (the server re-locates with the new
 * threshold; the console only draws what it is sent).
 */
import { afterAll, describe, it } from 'vitest';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { feedReports } from '../support/ingest.ts';
import { useOwnServer } from '../support/own-server.ts';

const TAG = 'E2:E2:00:00:00:01';
/** The demo's Crossing gateway, 18 m from the tag. */
const LOUDEST = 'AC:23:3F:00:00:01';
/**
 * What the five nearest other demo gateways hear from (18 m, 6 m) (the simulator's radio without
 * noise), and the Crossing gateway as loud as from a metre away: it pulls the tag to itself.
 */
const HEARD: Record<string, number> = {
  [LOUDEST]: -50,
  'AC:23:3F:00:00:06': -63,
  'AC:23:3F:00:00:09': -73,
  'AC:23:3F:00:00:02': -77,
  'AC:23:3F:00:00:0F': -79,
  'AC:23:3F:00:00:12': -82,
};
/** Above what the Crossing gateway hears, so its reports no longer count. */
const RAISED_THRESHOLD = '-45';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '1' } });

let feeder: ReturnType<typeof feedReports> | null = null;
afterAll(() => feeder?.stop());

describe('gateway threshold', () => {
  it("a saved threshold changes a standing tag's position", async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    feeder = feedReports(own.url, await demo.ingestKey(), TAG, HEARD);
    await feeder.first;
    await demo.monitor(TAG, 'Still tag');

    const { page, main, gateways } = consoleFor(own.page);
    await own.signIn(page);
    const marker = main.deviceMarkers().and(page.locator(`[data-mac="${TAG}"]`));
    await marker.waitFor({ timeout: 30_000 });
    const settled = await main.waitForMarkerToSettle(TAG);

    await gateways.open();
    await gateways.threshold(LOUDEST).fill(RAISED_THRESHOLD);
    await gateways.row(LOUDEST).getByRole('button', { name: 'Save' }).click();
    await main.waitForMarkerAwayFrom(TAG, settled, 15);
  }, 120_000);
});
