/**
 * Live positions come from the server, per map: a map whose gateways never heard the demo tags
 * shows none of them, and everyone who may read the demo map (a viewer it is shared with, any
 * user once it is public) sees its tags move. Runs its own server (it shares maps).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/LoginPage.ts';
import { apiClient, floorPlanPng } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { consoleFor, type ConsolePages } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

const PASSWORD = 'positions e2e password';
const VIEWER = 'viewer@example.com';
const VISITOR = 'visitor@example.com';
const SECOND_MAP = 'Warehouse North';

const own = useOwnServer({ accounts: [VIEWER, VISITOR], password: PASSWORD, pagePerTest: false });

let demoMapId = '';
beforeAll(async () => {
  const demo = await apiClient(own.url, DEMO.email, DEMO.password);
  demoMapId = await demo.mapId(DEMO.mapName);
  const second = await demo.createMap(SECOND_MAP);
  await demo.uploadImage(second, floorPlanPng());
  await demo.share(demoMapId, VIEWER, 'viewer');
});

/** A fresh browser signed in as `email`, on the main screen. */
async function signedIn(email: string, password = PASSWORD): Promise<ConsolePages> {
  const { page } = await own.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, password);
  const pages = consoleFor(page);
  await pages.maps.tabBar().waitFor();
  return pages;
}

describe('live positions per map', () => {
  it("lists on the demo map exactly the tags it draws under 'Show only current map'", async () => {
    const { main, devices } = await signedIn(DEMO.email, DEMO.password);
    await main.waitForMarkers(8, 30_000);
    await devices.open();
    await devices.showCurrentMapOnly();
    await expect.poll(() => devices.macs(), { timeout: 5_000 }).toEqual(await main.markerMacs());
  });

  it('a second map with an image and no gateways shows no demo tags; its current-map list is empty', async () => {
    const { main, devices, maps } = await signedIn(DEMO.email, DEMO.password);
    await main.waitForMarkers(1, 30_000);
    await maps.tabs().filter({ hasText: SECOND_MAP }).click();
    await maps.floorPlan().waitFor();
    // Several rounds of the tags' live updates reach the page while this map is on screen.
    await main.countLiveUpdates();
    await main.waitForLiveUpdates(24);
    expect(await main.deviceMarkers().count()).toBe(0);
    await devices.open();
    await devices.showCurrentMapOnly();
    await devices.emptyOnMap().waitFor();
  });

  it('a viewer of the shared demo map sees its tags move, listed read-only', async () => {
    const { main, devices } = await signedIn(VIEWER);
    await main.waitForMarkers(1, 30_000);
    await main.waitForAMarkerToMove();
    await devices.open();
    await expect.poll(() => devices.readOnlyRows().count()).toBeGreaterThan(0);
    expect(await devices.readOnlyRows().first().textContent()).toContain(
      'Shared on this map · view only',
    );
  });

  it('another user opening the public demo map sees its tags move', async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    await demo.makePublic(demoMapId);
    const { page, main, maps } = await signedIn(VISITOR);
    await maps.openMapsTab();
    await maps.mapsTab().getByRole('button', { name: 'Grid view' }).click();
    await page.getByRole('region', { name: 'Public maps' }).getByText(DEMO.mapName).click();
    // Long names are shortened in the tab.
    await maps.tabs().filter({ hasText: 'Demo Building' }).waitFor();
    await main.waitForMarkers(1, 30_000);
    await main.waitForAMarkerToMove();
  });
});
