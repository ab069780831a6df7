/** axe-core in the page under test, for accessibility checks. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Loads axe-core into the page as `window.axe`. It is evaluated through the DevTools protocol:
 * a <script> tag with its text would be refused by the console's Content-Security-Policy, which
 * runs only the console's own script files.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
}

/** The ids of the serious and critical axe violations inside these parts of the page. */
export async function seriousViolationsIn(page: Page, selectors: string[]): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(
      { include: include.map((s) => [s]) },
      { resultTypes: ['violations'] },
    )) as { violations: { id: string; impact: string | null }[] };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);
  }, selectors);
}
