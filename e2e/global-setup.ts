/**
 * Checks that Chromium is there, makes the migrated data dir every server of the run starts from a
 * copy of, and starts one real server for the specs that share it.
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumVersion, ensureChromium } from './support/chromium.ts';
import { freshDataDir, migratedDataDir, startTestServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    /** A data dir with a migrated embedded database: copy it, never use it (freshDataDir). */
    dataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const version = chromiumVersion(chromiumPath);
  console.log(`e2e browser: ${version} (${chromiumPath}), driven by playwright-core`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/browser.txt', `${version}, headless, via playwright-core`);
  const template = await migratedDataDir();
  const server = await startTestServer({}, undefined, freshDataDir(template));
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromiumPath);
  project.provide('dataTemplate', template);
  return async () => {
    await server.stop();
    for (const dir of [server.dataDir, template]) fs.rmSync(dir, { recursive: true, force: true });
  };
}
