/** Starts one real server for the end-to-end run and checks that Chromium is there. */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumVersion, ensureChromium } from './support/chromium.ts';
import { startTestServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  const version = chromiumVersion(chromiumPath);
  console.log(`e2e browser: ${version} (${chromiumPath}), driven by playwright-core`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/browser.txt', `${version}, headless, via playwright-core`);
  const server = await startTestServer();
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    await server.stop();
  };
}
