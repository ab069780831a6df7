/**
 * Accessibility: axe-core (injected into the page) finds no serious or critical violation on the
 * login and main screens, in both themes and both languages.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { injectAxe } from '../support/axe.ts';
import { DEMO, useBrowserPages } from '../support/browser.ts';
import { LoginPage } from '../pages/LoginPage.ts';
import { MainPage } from '../pages/MainPage.ts';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const pages = useBrowserPages();
let page: Page;

beforeEach(() => {
  page = pages.page;
});

/** Serious and critical violations on the page as it is now, as readable lines. */
async function seriousViolations(): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Violation[];
    };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

async function openWith(language: 'en' | 'he', theme: 'light' | 'dark') {
  await page.goto('/');
  await page.evaluate(
    (stored) => {
      localStorage.setItem('language', stored.language);
      localStorage.setItem('theme', stored.theme);
    },
    { language, theme },
  );
  await page.reload();
  await new LoginPage(page).email().waitFor();
}

const CASES = [
  ['en', 'light'],
  ['en', 'dark'],
  ['he', 'light'],
  ['he', 'dark'],
] as const;

describe('accessibility (axe)', () => {
  for (const [language, theme] of CASES) {
    it(`login and main screens, ${language}, ${theme}`, async () => {
      await openWith(language, theme);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await seriousViolations(), 'login').toEqual([]);

      // A failed sign-in shows the error box, which must stay readable too.
      const login = new LoginPage(page);
      await login.signIn(DEMO.email, 'wrong-password');
      await login.error().waitFor();
      expect(await seriousViolations(), 'login with error').toEqual([]);

      await login.signIn(DEMO.email, DEMO.password);
      const main = new MainPage(page);
      await main.waitUntilShown();
      await main.waitForMarkers(1);
      expect(await seriousViolations(), 'main').toEqual([]);

      await main.openTab('view');
      expect(await seriousViolations(), 'view tab').toEqual([]);

      await main.openTab('zones');
      await page.getByTestId('rules-section').getByRole('button').first().click();
      await page.getByTestId('rule-form').waitFor();
      expect(await seriousViolations(), 'zones tab with the rule form').toEqual([]);

      await page.getByTestId('alert-counter').click();
      await page.getByTestId('alert-panel').waitFor();
      expect(await seriousViolations(), 'alert panel').toEqual([]);
      await page.keyboard.press('Escape');

      await main.openSettings();
      expect(await seriousViolations(), 'settings').toEqual([]);

      await main.openMenu();
      expect(await seriousViolations(), 'menu').toEqual([]);
    });
  }
});
