/**
 * The server bundled into plain JavaScript for test runs: its modules and the workspace packages
 * in one file per entry (the server, its locator worker, the account CLI), the packages of
 * node_modules left as imports. A process started from it skips the TypeScript loader, which takes
 * about a third of a start's CPU, in the server and in its worker thread alike; the server tests'
 * apps start their locator workers from it. Built fresh for every run (a fraction of a second),
 * inside the repository so that node_modules resolve.
 */
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(ROOT, 'apps/server/src');

/** The bundle's entries: `<name>.mjs` in the bundle's folder. */
const ENTRIES = {
  main: path.join(SERVER, 'main.ts'),
  'locator-worker': path.join(SERVER, 'modules/positions/locator-worker.ts'),
  user: path.join(SERVER, 'cli/user.ts'),
};

/**
 * Workspace packages come in as their TypeScript sources, and every module keeps the folder it
 * was written in as `import.meta.dirname` (the migrations and the console's build are found from
 * there).
 */
const fromSources: Plugin = {
  name: 'rtls-sources',
  setup(b) {
    b.onResolve({ filter: /^@rtls\/(contract|positioning)$/ }, (a) => ({
      path: path.join(ROOT, 'packages', a.path.slice('@rtls/'.length), 'src/index.ts'),
    }));
    b.onLoad({ filter: /\.ts$/ }, async (a) => ({
      contents: (await fs.readFile(a.path, 'utf8')).replaceAll(
        'import.meta.dirname',
        JSON.stringify(path.dirname(a.path)),
      ),
      loader: 'ts',
    }));
  },
};

/**
 * Bundle the server into `test-results/<name>` (one folder per run that uses it, since the unit
 * and the end-to-end tests may bundle at the same time); resolves with the folder.
 */
export async function bundleServer(name: string): Promise<string> {
  const outdir = path.join(ROOT, 'test-results', name);
  await build({
    entryPoints: ENTRIES,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [fromSources],
  });
  return outdir;
}

/**
 * Node's arguments that run one of the server's entries, from the repository's root: bundled in
 * `bundle` (bundleServer), or from its TypeScript sources through tsx when none is given.
 *
 * A bundled test process runs its WebAssembly (the embedded PostgreSQL) with V8's baseline
 * compiler only: optimising the hot parts of the database's code pays off in a server that runs
 * for hours, not in one that lives for a test. A server's start took 1.6 CPU-seconds instead of
 * 2.6, and it idled with the simulated building on at 7 % of a core instead of 9 %.
 */
export function serverEntryArgs(entry: 'main' | 'user', bundle?: string): string[] {
  if (bundle) return ['--liftoff-only', path.join(bundle, `${entry}.mjs`)];
  return ['--import', 'tsx', path.relative(ROOT, ENTRIES[entry])];
}
