/**
 * The console under its Content-Security-Policy: the page arrives with the policy and its sibling
 * headers, carries no inline script, and every view draws (live map, signal popup, tools tabs,
 * settings) without a single violation reported by the browser.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MainPage } from '../pages/MainPage.ts';

const pages = useBrowserPages();
let page: Page;

/** What the browser reports about the policy: violation events, and console lines naming it. */
interface Reports {
  violations: string[];
  consoleLines: string[];
}

beforeEach(() => {
  page = pages.page;
});

async function watch(p: Page): Promise<Reports> {
  const reports: Reports = { violations: [], consoleLines: [] };
  await p.exposeFunction('reportViolation', (text: string) => reports.violations.push(text));
  await p.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportViolation: (t: string) => void })
        .reportViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}`);
    });
  });
  p.on('console', (m) => {
    if (/content security policy|refused to/i.test(m.text())) reports.consoleLines.push(m.text());
  });
  return reports;
}

describe('content security policy', () => {
  it('serves the console with the policy, and no inline script in the page', async () => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(await page.locator('script:not([src])').count()).toBe(0);
  });

  it('blocks a script injected into the page', async () => {
    const reports = await watch(page);
    await new LoginPage(page).open();
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.head.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return w.injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => reports.violations.length).toBeGreaterThan(0);
    expect(reports.violations[0]).toMatch(/^script-src/);
  });

  it('draws every view with no violation', async () => {
    const reports = await watch(page);
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.email, DEMO.password);
    const main = new MainPage(page);
    await main.waitUntilShown();
    await main.waitForMarkers(3);
    await expect.poll(() => main.liveState(), { timeout: 15_000 }).toBe('connected');
    await main.waitForAMarkerToMove();

    // The signal popup is HTML with inline styles.
    await page.locator('.device-icon').first().focus();
    await page.getByTestId('signal-popup-frame').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');

    for (const tab of ['devices', 'gateways', 'view', 'zones', 'maps'] as const)
      await main.openTab(tab);
    await main.openSettings();
    await page.keyboard.press('Escape');

    expect(reports.violations).toEqual([]);
    expect(reports.consoleLines).toEqual([]);
  });
});
