/**
 * The run's headless Chromium, one connection per spec file; a fresh context (clean localStorage)
 * per test. Contexts ask for reduced motion unless a spec wants the console's motion: markers
 * then jump to their new spots instead of gliding there, and a page showing live tags draws a
 * frame per live round instead of sixty a second (a third of the browser's CPU on the live map).
 * The live-map spec keeps the glides.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/** Connect to the Chromium the run started (closing the connection closes its contexts). */
export async function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}

/** A page's motion preference: 'no-preference' shows the console's animations. */
export type Motion = 'reduce' | 'no-preference';

export async function newPage(
  browser: Browser,
  opts: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** A spec's own server; the shared one otherwise. */
    baseURL?: string;
    /** The system's motion preference the page sees: reduced unless told otherwise. */
    motion?: Motion;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? inject('baseURL'),
    viewport: opts.viewport ?? { width: 1440, height: 900 },
    locale: opts.locale ?? 'en-GB',
    reducedMotion: opts.motion ?? 'reduce',
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** The demo account the simulator seeds, and its map (the server's demo seed names both). */
export const DEMO = {
  email: 'demo@example.com',
  password: 'demo1234',
  mapName: 'Demo Building — Floor 1',
};

export interface BrowserPages {
  readonly browser: Browser;
  /** This test's page (with pagePerTest). */
  readonly page: Page;
  /**
   * A further page with storage of its own (no other page of the test shares its localStorage),
   * closed after the test.
   */
  newPage: (opts?: { locale?: string }) => Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * Registers the hooks of a spec file: a connection to the run's Chromium and, per test, pages on
 * `baseURL()` (the shared server when it gives undefined), each with storage of its own; every
 * page a test opened is closed after it, with its storage. The first page of a test in the
 * default locale comes from a context the file keeps (its cookies and storage cleared between
 * tests): a fresh context costs Chromium a new renderer process and compiling the console anew,
 * about a CPU-second a page more. Further pages, and pages in another locale, get fresh contexts.
 */
export function useBrowserPages(
  baseURL: () => string | undefined = () => undefined,
  pagePerTest = true,
  motion?: Motion,
): BrowserPages {
  let browser: Browser | undefined;
  let page: Page | undefined;
  let contexts: BrowserContext[] = [];
  /** The file's kept context, and whether a page of this test has it. */
  let kept: BrowserContext | undefined;
  let keptInUse = false;
  const pages: BrowserPages = {
    get browser() {
      if (!browser) throw new Error('no browser yet');
      return browser;
    },
    get page() {
      if (!page) throw new Error('no page for this test (pagePerTest is off)');
      return page;
    },
    async newPage(opts = {}) {
      if (opts.locale === undefined && !keptInUse) {
        if (!kept) {
          const opened = await newPage(pages.browser, { motion, baseURL: baseURL() });
          const context = opened.context;
          context.on('close', () => {
            if (kept === context) [kept, keptInUse] = [undefined, false];
          });
          kept = context;
          keptInUse = true;
          return opened;
        }
        keptInUse = true;
        return { context: kept, page: await kept.newPage() };
      }
      const opened = await newPage(pages.browser, { motion, ...opts, baseURL: baseURL() });
      contexts.push(opened.context);
      return opened;
    },
  };
  /** Close the kept context's pages and forget what they stored (cookies, local and session storage). */
  async function clearKept() {
    const context = kept;
    if (!context || !keptInUse) return;
    keptInUse = false;
    await Promise.all(context.pages().map((p) => p.close()));
    try {
      await context.clearCookies();
      const blank = await context.newPage();
      // A small same-origin answer, not the console: the storage is the origin's.
      await blank.goto('/healthz');
      await blank.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await blank.close();
    } catch {
      // The server is gone (a test stopped it): the next test starts from a fresh context.
      await context.close();
    }
  }
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (pagePerTest) page = (await pages.newPage()).page;
  });
  afterEach(async () => {
    await Promise.all([...contexts.map((c) => c.close()), clearKept()]);
    contexts = [];
    page = undefined;
  });
  return pages;
}
