/** What a new user does on the first run: sign in, watch devices move, reload, sign out. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MainPage } from '../pages/MainPage.ts';

const pages = useBrowserPages();
let page: Page;

beforeEach(() => {
  page = pages.page;
});

describe('first run', () => {
  it('signs in with the demo account and sees devices move live', async () => {
    const login = new LoginPage(page);
    await login.open();
    expect(await login.email().getAttribute('type')).toBe('email');
    await login.signIn(DEMO.email, DEMO.password);

    const main = new MainPage(page);
    await main.waitUntilShown();
    await main.waitForMarkers(3);
    const before = await main.markerPositions();
    expect(before.length).toBeGreaterThanOrEqual(3);

    // Within 10 s, at least one marker has moved on screen by more than a pixel.
    const moved = await page.waitForFunction(
      (start) => {
        const now = [...document.querySelectorAll('[data-testid="device-marker"]')].map((el) => {
          const r = el.getBoundingClientRect();
          return { mac: el.getAttribute('data-mac'), x: r.x + r.width / 2, y: r.y + r.height / 2 };
        });
        return now.some((p) => {
          const b = start.find((s) => s.mac === p.mac);
          return b !== undefined && Math.hypot(b.x - p.x, b.y - p.y) > 1;
        });
      },
      before,
      { timeout: 10_000, polling: 200 },
    );
    expect(await moved.jsonValue()).toBe(true);
    await expect.poll(() => main.liveIndicator().getAttribute('data-state')).toBe('connected');
  });

  it("shows 'Invalid credentials' for a wrong password", async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.email, 'not-the-password');
    await login.error().waitFor();
    expect(await login.error().textContent()).toBe('Invalid credentials');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('keeps the session over a reload, then logs out to the login screen', async () => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.email, DEMO.password);
    const main = new MainPage(page);
    await main.waitUntilShown();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.reload();
    await main.waitUntilShown();
    await main.waitForMarkers(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

    await main.logout();
    await login.email().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The old token no longer opens the API: sign-out revoked it on the server.
    const status = await page.evaluate(
      (t) =>
        fetch('/api/maps', { headers: { authorization: `Bearer ${t}` } }).then((r) => r.status),
      token,
    );
    expect(status).toBe(401);
  });
});
