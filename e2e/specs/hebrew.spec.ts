/** A whole session in Hebrew: right-to-left from the login screen on, switched from the menu. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { docsPath } from '../support/docs.ts';
import { AlertsPanel } from '../pages/AlertsPanel.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MainPage } from '../pages/MainPage.ts';
import { SettingsPage } from '../pages/SettingsPage.ts';

const pages = useBrowserPages();
let page: Page;

beforeEach(() => {
  page = pages.page;
});

const documentDirection = () =>
  page.evaluate(() => ({
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
  }));

describe('Hebrew', () => {
  it('runs a whole session right-to-left', async () => {
    const login = new LoginPage(page);
    await login.open();
    expect(await documentDirection()).toEqual({ dir: 'ltr', lang: 'en' });

    // The login screen switches to Hebrew and lays out right-to-left.
    await page.locator('.login-language button[lang="he"]').click();
    expect(await documentDirection()).toEqual({ dir: 'rtl', lang: 'he' });
    expect(await login.submit().textContent()).toBe('התחבר');
    expect(await page.getByText('השתמשו בפרטי ההתחברות של ספק המעקב.').count()).toBe(1);
    const card = await page.locator('.login-card').boundingBox();
    const switcher = await page.locator('.login-language').boundingBox();
    expect(switcher!.x).toBeLessThan(card!.x); // the switch sits at the inline end: the left
    await page.screenshot({ path: docsPath('login-he.png') });

    // A wrong password is reported in Hebrew.
    await login.signIn(DEMO.email, 'wrong-password');
    await login.error().waitFor();
    expect(await login.error().textContent()).toBe('פרטי התחברות שגויים');

    await login.signIn(DEMO.email, DEMO.password);
    const main = new MainPage(page);
    await main.waitUntilShown();
    await main.waitForMarkers(1);
    expect(await documentDirection()).toEqual({ dir: 'rtl', lang: 'he' });
    expect(await main.toolsPanel().getByRole('heading', { level: 2 }).textContent()).toBe(
      'כלי ניהול',
    );
    expect(await main.toolsPanel().getByRole('tab').allTextContents()).toEqual([
      'מפות',
      'מכשירים',
      'שערים',
      'תצוגה',
      'אזורים',
    ]);
    // Right-to-left: the tools panel is on the left of the map.
    const panel = await main.toolsPanel().boundingBox();
    const map = await main.map().boundingBox();
    expect(panel!.x).toBeLessThan(map!.x);
    await expect.poll(() => main.liveState()).toBe('connected');
    expect(await main.liveIndicator().textContent()).toBe('מחובר');

    // The user menu opens above the alert panel (both sit at the inline end: the left).
    const alerts = new AlertsPanel(page);
    await alerts.open();
    await main.openMenu();
    const onTop = await main
      .menu()
      .locator('button')
      .evaluateAll((buttons) =>
        buttons.every((b) => {
          const r = b.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return hit !== null && b.contains(hit);
        }),
      );
    expect(onTop).toBe(true);
    await page.keyboard.press('Escape');
    await alerts.counter().click();
    await alerts.panel().waitFor({ state: 'detached' });

    await main.openTab('view');
    expect(await page.locator('#panel-view legend').first().textContent()).toBe('בקרות תצוגה');
    await page.screenshot({ path: docsPath('main-he.png') });

    // The language is remembered over a reload.
    await page.reload();
    await main.waitUntilShown();
    expect(await documentDirection()).toEqual({ dir: 'rtl', lang: 'he' });

    // The settings panel, from the menu, is in Hebrew too.
    await main.openSettings();
    expect(await page.getByTestId('settings-panel').locator('h3').textContent()).toBe('הגדרות');
    // The dark theme previews before Save (and is left unsaved).
    const settings = new SettingsPage(page);
    await settings.pickTheme('dark');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    await page.screenshot({ path: docsPath('main-he-dark.png') });
    await settings.pickTheme('light');

    // The menu switches back to English and left-to-right.
    await main.switchLanguage('en');
    expect(await documentDirection()).toEqual({ dir: 'ltr', lang: 'en' });
    expect(await main.toolsPanel().getByRole('heading', { level: 2 }).textContent()).toBe(
      'Management Tools',
    );
    await main.switchLanguage('he');
    expect(await documentDirection()).toEqual({ dir: 'rtl', lang: 'he' });

    await main.logout();
    await login.email().waitFor();
    expect(await documentDirection()).toEqual({ dir: 'rtl', lang: 'he' });
    expect(await login.submit().textContent()).toBe('התחבר');
  });
});
