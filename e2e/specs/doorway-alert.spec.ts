/**
 * A tag standing in a doorway raises at most one alert: its reports swing it across the open west
 * side of a zone again and again (in the zone, then in the corridor just outside), so that the
 * server's presence enters and leaves the zone on every swing and each stay passes the rule's
 * dwell; the enter rule raises one alert that counts the repeats, which the API and the console's
 * alert panel show. The zone is the crossing of the demo's corridors, whose sides are open floor:
 * through a real door the server's wall-aware locator keeps a tag on the door's inner side for
 * longer than a swing here lasts.
 *
 * Ten minutes cannot be waited for here, and cannot be skipped either: presence, dwell and
 * cool-down run on the server's own clock (positions count when they are located, whatever time
 * a report carries). So the time is scaled, not faked: the rule keeps the default dwell (10 s) and
 * the server keeps its presence timings (in after 5 s, out after 10 s), and only the cool-down is
 * shortened, from 300 s to 45 s. Ten minutes in a doorway are two cool-downs; here the tag swings
 * for well over one (three counted entries, about 34 s apart, over more than 60 s), so a cool-down
 * counted from the first alert instead of from the latest repeat would open a second alert.
 * Runs its own server (it writes a zone and a rule), without simulated tags.
 */
import type { Alert } from '@rtls/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsPanel } from '../pages/AlertsPanel.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { ZonesPanel } from '../pages/ZonesPanel.ts';
import { DEMO } from '../support/browser.ts';
import { heardAt } from '../support/heard.ts';
import { feedReports } from '../support/ingest.ts';
import { useOwnServer } from '../support/own-server.ts';

const TAG = 'E2:E2:00:00:00:0D';
const TAG_NAME = 'Doorway tag';
const ZONE = 'Crossing';
const RULE = 'Into the crossing';
/** The crossing of the demo's corridors (28–32 m × 18–22 m at 20 px a metre). */
const CROSSING = [
  { x: 560, y: 360 },
  { x: 640, y: 360 },
  { x: 640, y: 440 },
  { x: 560, y: 440 },
];
/** Shorter than the default 300 s, still longer than a swing (see the file's comment). */
const COOLDOWN_S = 45;
/** Counted entries to wait for: the last comes more than COOLDOWN_S after the first. */
const REPEATS = 3;
/**
 * One swing: this long in the zone (the located position getting there, the entry after 5 s and
 * the dwell of 10 s, with room to spare) ...
 */
const IN_MS = 20_000;
/** ... then this long outside (out after 10 s, with room to spare). */
const OUT_MS = 14_000;

/**
 * A tag standing in the middle of the crossing, at (30 m, 20 m), and in the main corridor 3 m west
 * of it, at (25 m, 20 m). The server locates them about 2 m inside and 2.4 m outside the zone's west
 * side, both beyond the presence's 0.75 m edge margin, so every swing is an entry and an exit.
 */
const IN_ZONE = heardAt(30, 20);
const OUTSIDE = heardAt(25, 20);

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '0' } });

/** When the swinging began (null: the tag stands outside). */
let swingFrom: number | null = null;
const heardNow = () => {
  if (swingFrom === null) return OUTSIDE;
  return (Date.now() - swingFrom) % (IN_MS + OUT_MS) < IN_MS ? IN_ZONE : OUTSIDE;
};
let feeder: ReturnType<typeof feedReports> | null = null;
afterAll(() => feeder?.stop());

let demo: Awaited<ReturnType<typeof apiClient>>;
let mapId = '';
beforeAll(async () => {
  demo = await apiClient(own.url, DEMO.email, DEMO.password);
  mapId = await demo.mapId(DEMO.mapName);
  await demo.createZone(mapId, ZONE, CROSSING);
  feeder = feedReports(own.url, await demo.ingestKey(), TAG, heardNow);
  await feeder.first;
  await demo.monitor(TAG, TAG_NAME);
});

describe('a tag in a doorway', () => {
  it('raises one alert for the enter rule, counting every entry that passed the dwell', async () => {
    const main = await own.signIn();
    const zones = new ZonesPanel(main.page);
    const alerts = new AlertsPanel(main.page);
    await zones.open();
    await zones.addRule({
      name: RULE,
      event: 'Enters a zone',
      zone: ZONE,
      device: `${TAG_NAME} (${TAG})`,
      severity: 'Critical',
      cooldown: COOLDOWN_S,
    });
    await zones.rules().getByText(RULE).waitFor();
    await zones.rules().getByText(`after 10 s · cool-down ${COOLDOWN_S} s`).waitFor();
    swingFrom = Date.now();

    // Wait until the tag has been counted REPEATS times, or a second alert shows up.
    const ruleAlerts = async (): Promise<Alert[]> =>
      (await demo.alerts(mapId)).filter((a) => a.ruleName === RULE);
    const settled = (list: Alert[]) => list.length > 1 || (list[0]?.count ?? 0) >= REPEATS;
    await expect
      .poll(ruleAlerts, { timeout: 60_000 + (REPEATS + 1) * (IN_MS + OUT_MS), interval: 2_000 })
      .toSatisfy(settled);
    const [alert, ...more] = await ruleAlerts();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ state: 'open', event: { type: 'enter', mac: TAG } });
    expect(alert!.count).toBeGreaterThanOrEqual(REPEATS);
    // More than a cool-down passed between the first entry and the latest repeat.
    const span = Date.parse(alert!.lastAt) - Date.parse(alert!.openedAt);
    expect(span).toBeGreaterThan(COOLDOWN_S * 1000);
    // The presence did flap: an entry in the event log for every swing, each counted once.
    const entries = await demo.events(mapId, `type=enter&mac=${encodeURIComponent(TAG)}`);
    expect(entries.length).toBeGreaterThanOrEqual(alert!.count);
    expect(await demo.events(mapId, 'type=exit')).not.toHaveLength(0);

    // The console shows one entry for the tag, with the count the server holds.
    await alerts.open();
    const mine = alerts.items().filter({ hasText: TAG_NAME });
    await mine.first().waitFor();
    const count = (await ruleAlerts())[0]!.count;
    await expect
      .poll(async () => Number(await mine.first().getAttribute('data-count')), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(count);
    expect(await mine.count()).toBe(1);
    expect(await mine.first().getByTestId('alert-times').textContent()).toMatch(/^\d+ times$/);
    expect((await ruleAlerts()).length).toBe(1);
  }, 420_000);
});
