/**
 * Devices tab in Chromium against its own server: add a device manually and from the available
 * list, rename it, remove it with the confirmation.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import { DevicesPanel } from '../pages/DevicesPanel.ts';

const own = useOwnServer({ env: { SIMULATOR_DEVICES: '4' } });
let page: Page;

beforeEach(async () => {
  page = own.page;
  await own.signIn(page);
});

describe('devices', () => {
  it('adds a device manually, renames it, and removes it after the confirmation', async () => {
    const devices = new DevicesPanel(page);
    await devices.open();
    await devices.addManually('aa:bb:cc:dd:ee:01', 'Manual tag');
    await devices.row('Manual tag').waitFor();
    expect(await devices.rowItem('Manual tag').textContent()).toContain('AA:BB:CC:DD:EE:01');

    await devices.rename('Manual tag', 'Infusion pump 4');
    await devices.row('Infusion pump 4').waitFor();
    await page.reload();
    await devices.open();
    await devices.row('Infusion pump 4').waitFor();

    expect(await devices.remove('Infusion pump 4', false)).toBe(
      'Are you sure you want to remove this device from monitoring?',
    );
    expect(await devices.row('Infusion pump 4').count()).toBe(1);
    await devices.remove('Infusion pump 4', true);
    await devices.row('Infusion pump 4').waitFor({ state: 'detached' });
  });

  it('removes a simulated tag from monitoring, then adds it back from the available list', async () => {
    const devices = new DevicesPanel(page);
    await devices.open();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="device-list"] li .device-row-select').length >= 4,
    );
    const [name] = await devices.names();
    const mac = (await devices.rowItem(name!).getAttribute('data-mac'))!;
    await devices.remove(name!, true);
    await devices.row(name!).waitFor({ state: 'detached' });

    await devices.openAdd();
    const dialog = devices.addDialog();
    const option = dialog.getByRole('radio', { name: new RegExp(mac) });
    await option.waitFor();
    expect(await dialog.textContent()).toContain('Last seen in API');
    const add = dialog.getByRole('button', { name: 'Add to Monitoring' });
    expect(await add.isDisabled()).toBe(true);
    await option.check();
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await devices.row(name!).waitFor();
    expect(await devices.rowItem(name!).getAttribute('data-mac')).toBe(mac);
  });
});
