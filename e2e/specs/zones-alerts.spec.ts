/**
 * Zones and alerts in the console: an editor adds a rule and draws a zone on the demo map, a tag
 * standing inside it (its reports posted to the ingest API, heard steadily by the gateways) is
 * placed in the zone, which the event log (open before) shows as it happens, and opens an alert;
 * the editor acknowledges it and shows it on the map (the Devices tab selects the tag); a viewer
 * sees the zone and the alert but cannot change the rules. Runs its own server (it shares the demo
 * map, writes zones).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsPanel } from '../pages/AlertsPanel.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { ZonesPanel } from '../pages/ZonesPanel.ts';
import { DEMO } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { feedReports } from '../support/ingest.ts';
import { useOwnServer } from '../support/own-server.ts';

const PASSWORD = 'zones e2e password';
const EDITOR = 'editor@example.com';
const VIEWER = 'viewer@example.com';
const ZONE = 'Whole floor';
const RULE = 'Someone on the floor';

const TAG = 'E2:E2:00:00:00:02';
const TAG_NAME = 'Standing tag';
/**
 * What the demo gateways hear from a tag standing at (18 m, 6 m) in Ward B: the simulator's radio
 * without noise (−50 dBm at 1 m, exponent 2.2, 4 dB a wall up to 12 dB; those under the −95 dBm
 * threshold left out), steady, so the server locates it with enough confidence for a zone.
 */
const HEARD: Record<string, number> = {
  'AC:23:3F:00:00:06': -63, // GW Ward B
  'AC:23:3F:00:00:09': -73, // GW Pharmacy
  'AC:23:3F:00:00:02': -77, // GW Ward A
  'AC:23:3F:00:00:0F': -79, // GW Corridor West Centre
  'AC:23:3F:00:00:12': -82, // GW North Passage
  'AC:23:3F:00:00:01': -86, // GW Crossing
  'AC:23:3F:00:00:0E': -87, // GW Corridor West
  'AC:23:3F:00:00:0B': -89, // GW Ward D
  'AC:23:3F:00:00:0A': -90, // GW Imaging
  'AC:23:3F:00:00:04': -93, // GW Ward C
  'AC:23:3F:00:00:0C': -93, // GW Staff
  'AC:23:3F:00:00:10': -93, // GW Corridor East Centre
  'AC:23:3F:00:00:08': -94, // GW Lab
  'AC:23:3F:00:00:07': -95, // GW Surgery
  'AC:23:3F:00:00:13': -95, // GW South Passage
};

const own = useOwnServer({
  env: { SIMULATOR_DEVICES: '1' },
  accounts: [EDITOR, VIEWER],
  password: PASSWORD,
  pagePerTest: false,
});

let feeder: ReturnType<typeof feedReports> | null = null;
afterAll(() => feeder?.stop());

beforeAll(async () => {
  const demo = await apiClient(own.url, DEMO.email, DEMO.password);
  const mapId = await demo.mapId(DEMO.mapName);
  await demo.share(mapId, EDITOR, 'editor');
  await demo.share(mapId, VIEWER, 'viewer');
  feeder = feedReports(own.url, await demo.ingestKey(), TAG, HEARD);
  await feeder.first;
  await demo.monitor(TAG, TAG_NAME);
});

/** A fresh browser signed in as `email`, on the demo map, with its tags drawn. */
async function signedIn(email: string, language: 'en' | 'he' = 'en') {
  const { page } = await own.newPage();
  const login = new LoginPage(page);
  await login.open();
  if (language === 'he') await page.locator('.login-language button[lang="he"]').click();
  await login.signIn(email, PASSWORD);
  const pages = consoleFor(page);
  await pages.maps.tabBar().waitFor();
  await pages.maps.floorPlan().waitFor();
  await pages.main.waitForMarkers(1, 30_000);
  return { ...pages, zones: new ZonesPanel(page), alerts: new AlertsPanel(page) };
}

describe('zones and alerts', () => {
  it('an editor adds a rule and draws a zone; a tag in it opens an alert, the editor acknowledges it and shows it on the map', async () => {
    const { zones, alerts, devices } = await signedIn(EDITOR);
    await zones.open();
    await zones.addRule({ name: RULE, event: 'Enters a zone', severity: 'Critical' });
    await zones.rules().getByText(RULE).waitFor();
    // The rule took the default dwell and cool-down, which keep a flapping tag to one alert.
    await zones
      .rules()
      .getByText('Enters a zone · Any zone · after 10 s · cool-down 300 s')
      .waitFor();
    // The event log, opened before the zone exists, shows the entry when it happens (no refresh).
    await zones.panel().getByRole('button', { name: 'Show events' }).click();
    await zones.panel().getByText('No events on this map yet.').waitFor();
    await zones.draw(ZONE, [
      [0.02, 0.02],
      [0.98, 0.02],
      [0.98, 0.98],
      [0.02, 0.98],
    ]);
    await zones.label(ZONE).waitFor();
    await zones
      .panel()
      .getByTestId('event-log-list')
      .getByText(`\u2068${TAG_NAME}\u2069 entered \u2068${ZONE}\u2069`)
      .first()
      .waitFor({ timeout: 40_000 });
    // The standing tag is in the zone after the enter delay, which opens an alert.
    await expect.poll(() => alerts.openCount(), { timeout: 40_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => Number(await zones.label(ZONE).getByTestId('zone-count').textContent()), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    await alerts.open();
    const first = alerts.items().filter({ hasText: TAG_NAME }).first();
    expect(await first.textContent()).toContain(
      `\u2068${TAG_NAME}\u2069 entered \u2068${ZONE}\u2069`,
    );
    await first.getByRole('button', { name: 'Acknowledge' }).click();
    await alerts.tab('Acknowledged').click();
    const acknowledged = alerts.items().filter({ hasText: TAG_NAME }).first();
    expect(await acknowledged.getByTestId('alert-acknowledged').textContent()).toMatch(
      /^Acknowledged by \u2068.+\u2069, /,
    );
    expect(await acknowledged.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

    // Show on map: the Devices tab opens with the tag selected (and the map centred on it).
    await acknowledged.getByRole('button', { name: /^Show on map/ }).click();
    await devices.row(TAG_NAME).waitFor();
    expect(await devices.row(TAG_NAME).getAttribute('aria-pressed')).toBe('true');
  });

  it('a viewer sees the zone with its occupancy and the alerts, and the rules read-only', async () => {
    const { zones, alerts, devices } = await signedIn(VIEWER);
    await zones.label(ZONE).waitFor();
    // The tag's zone in the device list (presence, live).
    await devices.open();
    await devices.list().getByTestId('device-zone').filter({ hasText: ZONE }).first().waitFor();
    await zones.open();
    await zones.rules().getByText(RULE).waitFor();
    expect(await zones.rules().getByRole('button').count()).toBe(0);
    expect(await zones.drawButton().count()).toBe(0);
    await alerts.open();
    await alerts.tab('Acknowledged').click();
    await alerts.items().first().waitFor();
    expect(await alerts.panel().getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    expect(await alerts.panel().getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
  });

  it('in Hebrew, the alert panel opens on the left with the alert in Hebrew', async () => {
    const { page, alerts } = await signedIn(VIEWER, 'he');
    await alerts.counter().click();
    await alerts.panel().waitFor();
    expect(await alerts.panel().getByRole('heading', { level: 2 }).textContent()).toBe('התראות');
    const panel = await alerts.panel().boundingBox();
    const width = page.viewportSize()!.width;
    expect(panel!.x + panel!.width).toBeLessThan(width / 2 + 1);
    await alerts.panel().getByRole('tab', { name: 'אושרו' }).click();
    const item = alerts.items().filter({ hasText: TAG_NAME }).first();
    expect(await item.locator('.alert-text').textContent()).toBe(
      `\u2068${TAG_NAME}\u2069 נכנס לאזור \u2068${ZONE}\u2069`,
    );
  });
});
