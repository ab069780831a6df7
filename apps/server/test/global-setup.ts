/**
 * Once per run: probes the machine services, makes the migrated PGlite image every server test
 * file opens its embedded databases from (helpers.ts), instead of each running initdb and the
 * migrations, and bundles the server: the test apps start their locator workers from it, and the
 * tests that spawn a server or the account CLI run it, instead of each compiling the code from its
 * TypeScript sources.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, pgliteImage } from '../src/lib/db.ts';
import { bundleServer } from './server-bundle.ts';
import { probeServices } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite image (a data dir tarball). */
    pgliteImage: string;
    /** The bundled locator worker the test apps start (see server-bundle.ts). */
    locatorWorker: string;
    /** The folder of the run's bundled server, which tests that spawn a server or CLI run. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const [services, image, bundle] = await Promise.all([
    probeServices(),
    pgliteImage(MIGRATIONS_DIR),
    bundleServer('unit-server'),
  ]);
  project.provide('locatorWorker', path.join(bundle, 'locator-worker.mjs'));
  project.provide('serverBundle', bundle);
  project.provide('services', services);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
