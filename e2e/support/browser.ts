/** One headless Chromium per spec file; a fresh context (clean localStorage) per test. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.ts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  opts: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** A spec's own server; the shared one otherwise. */
    baseURL?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? inject('baseURL'),
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    locale: opts.locale ?? 'en-GB',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };
