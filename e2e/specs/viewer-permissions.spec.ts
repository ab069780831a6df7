/**
 * A viewer of a shared map is offered no control that would change it: not in the map's toolbar,
 * not in any tab of the tools panel (gateway sliders, Add Gateway, Delete, rename, device actions,
 * map edit and delete, zones and rules), in English and Hebrew. They still read everything, and
 * can search and filter the device list. Runs its own server (it shares the demo map).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EditingControls, type ToolsTab } from '../pages/EditingControls.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { consoleFor } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

const PASSWORD = 'viewer e2e password';
const VIEWER = 'viewer@example.com';
/** A gateway of the demo map. */
const FIRST_GATEWAY = 'AC:23:3F:00:00:01';
const TABS: ToolsTab[] = ['Maps', 'Devices', 'Gateways', 'View', 'Zones'];

const own = useOwnServer({
  env: { SIMULATOR_DEVICES: '3' },
  accounts: [VIEWER],
  password: PASSWORD,
  pagePerTest: false,
});

beforeAll(async () => {
  const demo = await apiClient(own.url, DEMO.email, DEMO.password);
  await demo.share(await demo.mapId(DEMO.mapName), VIEWER, 'viewer');
});

/** A fresh browser signed in as the viewer, on the shared demo map with its tags drawn. */
async function signedInViewer() {
  const { page } = await own.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(VIEWER, PASSWORD);
  const pages = consoleFor(page);
  await pages.maps.floorPlan().waitFor();
  await pages.main.waitForMarkers(1, 30_000);
  return { ...pages, editing: new EditingControls(page) };
}

describe('a viewer of a shared map', () => {
  it('sees no editing control in the map toolbar or in any tab', async () => {
    const { editing, gateways, devices } = await signedInViewer();
    await editing.toolbar().getByRole('button', { name: 'Fit to screen' }).waitFor();
    expect(await editing.found(editing.toolbar())).toEqual([]);

    for (const tab of TABS) {
      await editing.openTab(tab);
      if (tab === 'Gateways') await gateways.row(FIRST_GATEWAY).waitFor();
      if (tab === 'Devices') await devices.readOnlyRows().first().waitFor();
      expect({ tab, controls: await editing.found() }).toEqual({ tab, controls: [] });
    }
  });

  it('the owner of the same map, for comparison, is offered those controls', async () => {
    const { page } = await own.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.email, DEMO.password);
    const { gateways, maps } = consoleFor(page);
    await maps.floorPlan().waitFor();
    const editing = new EditingControls(page);
    expect(await editing.found(editing.toolbar())).toEqual(
      expect.arrayContaining(['Edit mode', 'Save view preset', 'Set map scale']),
    );
    await editing.openTab('Gateways');
    await gateways.row(FIRST_GATEWAY).waitFor();
    const { name } = (await gateways.fromServer()).find((g) => g.mac === FIRST_GATEWAY)!;
    const found = await editing.found();
    expect(found).toEqual(
      expect.arrayContaining(['Add Gateway', `Rename ${name}`, `Delete gateway: ${name}`]),
    );
    expect(found.filter((n) => n.startsWith('RSSI threshold'))).toHaveLength(
      await gateways.list().getByTestId('gateway-row').count(),
    );
  });

  it('reads each gateway of the map, with its settings as text and why there is nothing to change', async () => {
    const { gateways, page } = await signedInViewer();
    await gateways.open();
    const row = gateways.row(FIRST_GATEWAY);
    expect(await row.getByTestId('gateway-settings-text').textContent()).toMatch(
      /^RSSI threshold: -?\d+ dBm · Coverage radius: \d+%$/,
    );
    await page.getByText("You can view this map's gateways but not change them").waitFor();
    expect(await gateways.list().getByRole('slider').count()).toBe(0);
  });

  it('in Hebrew too, no editing control and the read-only note in Hebrew', async () => {
    const { editing, gateways, main, page } = await signedInViewer();
    await main.switchLanguage('he');
    await page.getByRole('tab', { name: 'שערים' }).click();
    await gateways.row(FIRST_GATEWAY).waitFor();
    await page.getByText('אפשר לצפות בשערים של מפה זו אך לא לשנות אותם').waitFor();
    expect(await gateways.list().getByRole('slider').count()).toBe(0);
    expect(await gateways.list().getByRole('button').count()).toBe(0);
    expect(await editing.toolbar().getByRole('button', { name: 'מצב עריכה' }).count()).toBe(0);
  });

  it("reads whose devices the rows are, each row's text whole within its row", async () => {
    const { devices, page } = await signedInViewer();
    await devices.open();
    const rows = devices.readOnlyRows();
    await rows.first().waitFor();
    expect(await page.getByRole('button', { name: 'Add Device' }).count()).toBe(0);
    for (const row of await rows.all()) {
      const note = row.getByText('Shared on this map · view only');
      const [box, inner] = [await row.boundingBox(), await note.boundingBox()];
      expect(inner!.y + inner!.height).toBeLessThanOrEqual(box!.y + box!.height);
      // Nothing in the row is cut off: its content fits the row's height.
      expect(await row.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    }
  });

  it('searches and filters the device list: by name, by status, with the counts', async () => {
    const { devices, page } = await signedInViewer();
    await devices.open();
    const names = await devices.names();
    expect(names.length).toBe(3);
    const counts = page.getByRole('group', { name: 'Filter by status' });
    expect(await counts.getByRole('button', { name: /^All/ }).textContent()).toBe('All 3');
    const online = Number(
      (await counts.getByRole('button', { name: /^Online/ }).textContent())!.replace(/\D/g, ''),
    );
    expect(online).toBe(3);

    const target = names[1]!;
    await page.getByRole('searchbox', { name: 'Search devices' }).fill(target.slice(0, -1));
    await expect.poll(() => devices.names()).toEqual([target]);
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('');
    await counts.getByRole('button', { name: /^Offline/ }).click();
    await page.getByText('No devices match the search or filter').waitFor();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    await expect.poll(async () => (await devices.names()).length).toBe(3);
  });
});
