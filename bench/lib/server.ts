/**
 * Real server processes for benchmarks: start `apps/server/src/main.ts` on a free port with the
 * given environment, add accounts with the account CLI, throwaway PostgreSQL databases, RSS samples.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  runAccountCli,
  startServerProcess as startProcess,
  type ServerProcess,
} from '../../e2e/support/server.ts';

export type { ServerProcess };

/** The Node flags the server runs with in production: those of package.json's `serve` script. */
function servedNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const words = String(pkg.scripts.serve).split(/\s+/);
  return words.slice(1, words.indexOf('--import')).filter((w) => w.startsWith('--'));
}

/**
 * Run one server process (simulator off, no console) with the production Node flags and wait for
 * /healthz; `env` is added to this process's environment. BENCH_SERVER_NODE_ARGS='--cpu-prof
 * --cpu-prof-dir=/tmp/prof' profiles the servers only.
 */
export const startServerProcess = (
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> =>
  startProcess({
    env: { SIMULATOR: 'off', WEB_DIST: '', ...env },
    port,
    nodeArgs: [
      ...servedNodeFlags(),
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    startTimeoutMs: 90_000,
    keepChars: 20_000,
  });

/** Add an account with the account CLI (`npm run user -- add`), on the given database settings. */
export const addAccount = (env: Record<string, string>, email: string, password: string) =>
  runAccountCli(env, email, password, 'Bench', 'Runner');

/** A fresh PGlite data directory under the system temp dir. */
export const pgliteDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-bench-'));

/** A throwaway database on the PostgreSQL at `adminUrl`; drop() removes it. */
export async function throwawayDatabase(adminUrl: string) {
  const name = `rtls_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Resident set size of a process in bytes (Linux /proc), or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Total CPU time (user + system, seconds) a process has used so far (Linux /proc). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return null;
  }
}
