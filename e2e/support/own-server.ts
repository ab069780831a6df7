/**
 * A spec's own server, for specs that change data or need other accounts: a fresh data dir (a
 * copy of the run's migrated one, removed after the file) with the given accounts, the server, a
 * connection to the run's Chromium, and per test a fresh browser context (clean localStorage)
 * with a page. Call useOwnServer() at the top of a spec file.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { LoginPage } from '../pages/LoginPage.ts';
import { MainPage } from '../pages/MainPage.ts';
import { DEMO, useBrowserPages, type Motion } from './browser.ts';
import { addAccount, freshDataDir, startTestServer, type TestServer } from './server.ts';

export interface OwnServerOptions {
  /** Server environment over the e2e defaults (e.g. SIMULATOR: 'off'). */
  env?: Record<string, string>;
  /** The pages' motion preference (newPage): reduced by default. */
  motion?: Motion;
  /** Accounts to add before the server starts, all with `password`. */
  accounts?: string[];
  password?: string;
  /** Open a page for every test (default true); otherwise tests open their own with newPage(). */
  pagePerTest?: boolean;
}

export interface OwnServer {
  readonly server: TestServer;
  readonly url: string;
  readonly browser: Browser;
  /** This test's page (with pagePerTest). */
  readonly page: Page;
  /** A further page in a fresh context on this server, closed after the test. */
  newPage: (opts?: { locale?: string }) => Promise<{ context: BrowserContext; page: Page }>;
  /** Sign `page` in (the demo account by default) and wait for the main screen. */
  signIn: (page?: Page, email?: string, password?: string) => Promise<MainPage>;
  /** Start the server again on the same port and data dir, once the spec has stopped it. */
  startAgain: () => Promise<void>;
}

export function useOwnServer(o: OwnServerOptions = {}): OwnServer {
  let server: TestServer | undefined;
  const need = (): TestServer => {
    if (!server) throw new Error('useOwnServer: no server yet');
    return server;
  };
  beforeAll(async () => {
    const dir = freshDataDir(inject('dataTemplate'));
    for (const email of o.accounts ?? [])
      await addAccount(dir, email, o.password ?? '', inject('serverBundle'));
    server = await startTestServer({ env: o.env, dataDir: dir, bundle: inject('serverBundle') });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
  const pages = useBrowserPages(() => need().url, o.pagePerTest ?? true, o.motion);

  const own: OwnServer = {
    get server() {
      return need();
    },
    get url() {
      return need().url;
    },
    get browser() {
      return pages.browser;
    },
    get page() {
      return pages.page;
    },
    newPage: (opts) => pages.newPage(opts),
    async signIn(target = own.page, email = DEMO.email, password = DEMO.password) {
      const login = new LoginPage(target);
      await login.open();
      await login.signIn(email, password);
      const main = new MainPage(target);
      await main.waitUntilShown();
      return main;
    },
    async startAgain() {
      const { port, dataDir } = need();
      server = await startTestServer({ env: o.env, port, dataDir, bundle: inject('serverBundle') });
    },
  };
  return own;
}
