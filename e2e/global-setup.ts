/**
 * Checks that Chromium is there and starts the one Chromium every spec file connects to, bundles
 * the server every spec runs, makes the migrated data dir every server of the run starts from a
 * copy of, and starts one real server for the specs that share it.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumVersion, ensureChromium } from './support/chromium.ts';
import { freshDataDir, migratedDataDir, startTestServer } from './support/server.ts';
import { bundleServer } from '../apps/server/test/server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where spec files connect to the run's Chromium (each file opens its own contexts). */
    browserEndpoint: string;
    /** A data dir with a migrated embedded database: copy it, never use it (freshDataDir). */
    dataTemplate: string;
    /** The folder of the run's bundled server (bundleServer), which every spec's server runs. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const version = chromiumVersion(chromiumPath);
  console.log(`e2e browser: ${version} (${chromiumPath}), driven by playwright-core`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/browser.txt', `${version}, headless, via playwright-core`);
  const browser = await chromium.launchServer({
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let template: string;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let bundle: string;
  try {
    bundle = await bundleServer('e2e-server');
    template = await migratedDataDir(bundle);
    server = await startTestServer({ dataDir: freshDataDir(template), bundle });
  } catch (err) {
    await browser.close();
    throw err;
  }
  project.provide('baseURL', server.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide('dataTemplate', template);
  project.provide('serverBundle', bundle);
  return async () => {
    await Promise.all([server.stop(), browser.close()]);
    for (const dir of [server.dataDir, template]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
