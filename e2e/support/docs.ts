/**
 * Where specs write their screenshots. `npm test` keeps them under test-results/screenshots (so a
 * test run never changes tracked files); `DOCS_SCREENSHOTS=1 npm run test:e2e` refreshes the ones in
 * the repository's docs/ folder that the README and docs show.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function docsPath(file: string): string {
  const dir =
    process.env.DOCS_SCREENSHOTS === '1'
      ? path.join(ROOT, 'docs')
      : path.join(ROOT, 'test-results', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, file);
}
