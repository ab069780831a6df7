/**
 * Tag labels keep off the room names printed in the plan image: the console finds the text in
 * the demo plan (every room's name, and the corridor's) and places the labels of the demo's
 * walking tags, and of a tag standing just above a printed name, where none of them covers a name
 * (the map has room for them all elsewhere). Runs its own server (it adds a tag).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LiveMapPage, overlap, type Rect } from '../pages/LiveMapPage.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { heardAt } from '../support/heard.ts';
import { feedReports } from '../support/ingest.ts';
import { useOwnServer } from '../support/own-server.ts';

const own = useOwnServer();
/** The demo plan prints the names of its twelve rooms and of the corridor (twice). */
const PRINTED_NAMES = 14;

const TAG = 'E2:E2:00:00:00:0E';
/**
 * A tag standing in the main corridor at (10 m, 19 m), just above the west "Main Corridor"
 * printed in the plan (its letters between 19.7 and 20.35 m). The server locates it within a few
 * centimetres of that spot, so its label's home, under its dot, is on the name.
 */
const HEARD = heardAt(10, 19);

let feeder: ReturnType<typeof feedReports> | null = null;
afterAll(() => feeder?.stop());

/** Each label that covers a text box, as `label × text`. */
const covered = (labels: Rect[], texts: Rect[]) =>
  labels.flatMap((l) => texts.filter((t) => overlap(l, t)).map((t) => `${l.id} × ${t.id}`));

describe('labels and the plan', () => {
  it('keeps tag labels off the room names printed in the plan', async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    feeder = feedReports(own.url, await demo.ingestKey(), TAG, HEARD);
    await feeder.first;
    await demo.monitor(TAG, 'By the name');

    await own.signIn();
    const map = new LiveMapPage(own.page);
    await expect
      .poll(() => map.planText().then((t) => t.length), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(PRINTED_NAMES);
    const marker = map.page.locator(`[data-mac="${TAG}"]`);
    const standing = marker.getByTestId('device-label');
    await standing.waitFor({ timeout: 30_000 });
    // Its label's home, 3 px under its dot, lies on a printed name once the tag has settled on
    // its spot: the layout has to move it.
    const texts = await map.planText();
    const home = async (): Promise<Rect> => {
      const dot = (await marker.locator('.device-dot').boundingBox())!;
      const label = (await standing.boundingBox())!;
      const x = dot.x + dot.width / 2;
      const top = dot.y + dot.height + 3;
      const { width: w, height: h } = label;
      return { id: 'home', left: x - w / 2, right: x + w / 2, top, bottom: top + h };
    };
    // A loaded machine may take a while to settle the tag on its spot.
    await expect
      .poll(async () => covered([await home()], texts).length, { timeout: 60_000 })
      .toBeGreaterThan(0);

    for (let i = 0; i < 10; i++) {
      const { labels } = await map.frame();
      expect(labels.length).toBeGreaterThan(1);
      expect(covered(labels, texts)).toEqual([]);
      await map.page.waitForTimeout(400);
    }
  }, 150_000);
});
