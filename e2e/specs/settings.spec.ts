/**
 * Personal settings against its own server (they change the demo account's data): the settings
 * panel's Save/Reset flow, and view options and tooltip fields surviving a reload.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/own-server.ts';
import { docsPath } from '../support/docs.ts';
import type { MainPage } from '../pages/MainPage.ts';
import { SettingsPage } from '../pages/SettingsPage.ts';

const own = useOwnServer();
let page: Page;

beforeEach(() => {
  page = own.page;
});

const signIn = (): Promise<MainPage> => own.signIn(page);

const theme = () => page.evaluate(() => document.documentElement.dataset.theme);

describe('settings panel', () => {
  it('shows Save and Reset only with unsaved edits; Reset restores, Save keeps over a reload', async () => {
    const main = await signIn();
    await main.openSettings();
    const settings = new SettingsPage(page);
    expect(await settings.actions().count()).toBe(0);
    expect(await settings.select('refreshRate').inputValue()).toBe('5000');
    expect(await settings.zoom('defaultZoom').inputValue()).toBe('1');

    // Edit, then Reset: the picked theme is previewed; everything goes back and the buttons go away.
    await settings.pickTheme('dark');
    await settings.select('refreshRate').selectOption('2000');
    expect(await settings.actions().count()).toBe(2);
    expect(await theme()).toBe('dark');
    await settings.resetButton().click();
    expect(await settings.actions().count()).toBe(0);
    expect(await settings.themeChecked()).toBe('light');
    expect(await theme()).toBe('light');
    expect(await settings.select('refreshRate').inputValue()).toBe('5000');

    // Edit, then Save: the theme applies at once and the values are kept on the server.
    await settings.pickTheme('dark');
    await settings.select('defaultImage').selectOption('/maps/floor1-2.png');
    await settings.zoom('maxZoom').fill('6');
    await settings.checkbox('showSystemNotifications').uncheck();
    await settings.saveButton().click();
    expect(await settings.actions().count()).toBe(0);
    expect(await theme()).toBe('dark');

    await main.waitForMarkers(1);
    await settings.panel().locator('h3').scrollIntoViewIfNeeded();
    await page.screenshot({ path: docsPath('main-dark.png') });

    await page.reload();
    await main.waitUntilShown();
    expect(await theme()).toBe('dark');
    await main.openSettings();
    // The saved settings arrive from the server shortly after the page loads.
    await expect
      .poll(() => settings.select('defaultImage').inputValue())
      .toBe('/maps/floor1-2.png');
    expect(await settings.themeChecked()).toBe('dark');
    expect(await settings.zoom('maxZoom').inputValue()).toBe('6');
    expect(await settings.checkbox('showSystemNotifications').isChecked()).toBe(false);
    expect(await settings.checkbox('rememberMapPosition').isChecked()).toBe(true);

    // The announced upload only says what was picked.
    const alerts: string[] = [];
    page.once('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await settings.upload().setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    await expect
      .poll(() => alerts)
      .toEqual(['File selected: plan.png. This feature will be available soon.']);

    // Back to light for the other tests.
    await settings.pickTheme('light');
    await settings.saveButton().click();
    expect(await theme()).toBe('light');
  });
});

describe('view tab', () => {
  it('keeps view options and tooltip fields over a reload', async () => {
    const main = await signIn();
    await main.openTab('view');
    const panel = page.locator('#panel-view');
    const grid = panel.locator('input[name="showGridLines"]');
    const names = panel.locator('input[name="showDeviceNames"]');
    expect(await grid.isChecked()).toBe(false);
    expect(await names.isChecked()).toBe(true);

    const saved = (path: string) =>
      page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PATCH');
    let patched = saved('/api/user-settings/view-option');
    await grid.check();
    await patched;
    patched = saved('/api/user-settings/view-option');
    await names.uncheck();
    await patched;

    // Tooltip fields: enable MAC and move RSSI to the top with the keyboard.
    const fields = page.getByTestId('tooltip-fields');
    patched = saved('/api/user-settings/tooltip-fields');
    await fields.locator('#tf-mac').check();
    await patched;
    const up = fields.locator('[data-field="rssi"][data-move="up"]');
    patched = saved('/api/user-settings/tooltip-fields');
    await up.focus();
    await page.keyboard.press('Enter');
    await patched;
    patched = saved('/api/user-settings/tooltip-fields');
    await page.keyboard.press('Enter');
    await patched;
    const order = () =>
      fields
        .locator('li')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice(14)));
    expect(await order()).toEqual(['rssi', 'name', 'mac', 'lastSeen', 'gateway', 'status']);

    await page.reload();
    await main.waitUntilShown();
    await main.openTab('view');
    await expect.poll(() => grid.isChecked()).toBe(true);
    expect(await names.isChecked()).toBe(false);
    expect(await order()).toEqual(['rssi', 'name', 'mac', 'lastSeen', 'gateway', 'status']);
    expect(await fields.locator('#tf-mac').isChecked()).toBe(true);
  });
});
