/**
 * Newly heard devices and gateways are announced in the console as a gateway reports them: Add
 * opens the Add Device (or Add Gateway) dialog on its Available list, which lists them; once
 * dealt with (Add or dismiss) they are not announced again, while a device heard later is. A
 * viewer of the map on screen is offered no Add. Runs its own server (its own ingest).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/LoginPage.ts';
import { apiClient } from '../pages/MapsFixtures.ts';
import { DEMO } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { consoleFor } from '../support/console.ts';
import { useOwnServer } from '../support/own-server.ts';

const VIEWER = 'heard-viewer@example.com';
const PASSWORD = 'heard e2e password';
const VIEWER_MAP = 'Viewer own floor';
const GATEWAY = 'AC:23:3F:E2:00:01';
const NEW_DEVICES = ['C3:E2:00:00:00:01', 'C3:E2:00:00:00:02', 'C3:E2:00:00:00:03'];

const own = useOwnServer({
  env: { SIMULATOR_DEVICES: '1' },
  accounts: [VIEWER],
  password: PASSWORD,
  pagePerTest: false,
});

/** Reports for these devices from the gateway, with the account's key; all must be stored. */
async function report(key: string, devices: string[], gateway = GATEWAY) {
  const res = await fetch(`${own.url}/api/ingest`, {
    method: 'POST',
    headers: { 'x-ingest-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(devices.map((device) => ({ gateway, device, rssi: -62 }))),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ accepted: devices.length, rejected: 0 });
}

const notices = (page: Page) =>
  page.getByRole('status', { name: 'Newly heard devices and gateways' });

describe('newly heard devices and gateways', () => {
  it('are announced live; Add opens the dialog listing them; dealt with, they are not announced again', async () => {
    const { page } = await own.newPage();
    const main = await own.signIn(page);
    const { devices, gateways } = consoleFor(page);
    const key = await (await apiClient(own.url, DEMO.email, DEMO.password)).ingestKey();
    // The live channel delivers: what is reported from now on reaches the page.
    await main.countLiveUpdates();
    await main.waitForLiveUpdates(1);

    await report(key, NEW_DEVICES);
    await notices(page).getByText('3 new devices heard').waitFor();
    await notices(page).getByText('1 new gateway heard').waitFor();
    await page.screenshot({ path: docsPath('heard-notice.png') });

    await page.getByRole('button', { name: 'Add new devices' }).click();
    const dialog = devices.addDialog();
    await dialog.waitFor();
    for (const mac of NEW_DEVICES)
      await dialog.getByRole('radio', { name: new RegExp(mac) }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        notices(page)
          .getByText(/new devices? heard/)
          .count(),
      )
      .toBe(0);

    await page.getByRole('button', { name: 'Add new gateways' }).click();
    await gateways
      .addDialog()
      .getByRole('radio', { name: new RegExp(GATEWAY) })
      .waitFor();
    await gateways.addDialog().getByRole('button', { name: 'Cancel' }).click();
    await gateways.addDialog().waitFor({ state: 'detached' });
    await expect.poll(() => notices(page).textContent()).toBe('');

    // Heard again, the same devices are not announced; a device heard for the first time is.
    await report(key, [...NEW_DEVICES, 'C3:E2:00:00:00:04']);
    await notices(page).getByText('1 new device heard').waitFor();
    await page.getByRole('button', { name: 'Dismiss new devices' }).click();
    await expect.poll(() => notices(page).textContent()).toBe('');

    // Remembered after a reload: of five heard devices, only the one not dealt with yet is new.
    await page.reload();
    await main.waitUntilShown();
    await main.countLiveUpdates();
    await main.waitForLiveUpdates(1);
    await report(key, [...NEW_DEVICES, 'C3:E2:00:00:00:04', 'C3:E2:00:00:00:05']);
    await notices(page).getByText('1 new device heard').waitFor();
    expect(await notices(page).textContent()).not.toContain('gateway');
  });

  it('are offered to a user on their own map, not while they view a map shared with them as a viewer', async () => {
    const demo = await apiClient(own.url, DEMO.email, DEMO.password);
    await demo.share(await demo.mapId(DEMO.mapName), VIEWER, 'viewer');
    const viewer = await apiClient(own.url, VIEWER, PASSWORD);
    await viewer.createMap(VIEWER_MAP);
    await report(await viewer.ingestKey(), ['C3:E2:00:00:01:01'], 'AC:23:3F:E2:01:01');

    const { page } = await own.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(VIEWER, PASSWORD);
    const { devices, main, maps } = consoleFor(page);
    await maps.tabs().filter({ hasText: VIEWER_MAP }).click();
    await notices(page).getByText('1 new device heard').waitFor();
    await notices(page).getByText('1 new gateway heard').waitFor();
    // Their own map has no devices yet: the tab, not its list.
    await main.openTab('devices');
    await page.getByRole('button', { name: 'Add Device' }).waitFor();

    await maps.tabs().filter({ hasText: 'Demo Building' }).click();
    await devices.readOnlyRows().first().waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Add/ }).count()).toBe(0);
    await page.screenshot({ path: docsPath('heard-viewer-devices.png') });
    expect(await notices(page).textContent()).toBe('');
  });
});
