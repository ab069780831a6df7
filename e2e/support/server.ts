/**
 * Real server processes (`apps/server/src/main.ts`) on a free port, for the end-to-end specs and
 * the benchmarks alike: start and wait for /healthz, stop, and add accounts with the account CLI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverEntryArgs } from '../../apps/server/test/server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  process: ChildProcess;
  /** What the process printed (the last `keepChars` characters when that was given). */
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not exited within 30 s. */
  stop: () => Promise<void>;
}

export interface ServerProcessOptions {
  /** Added to this process's environment, over the defaults (127.0.0.1, no MQTT, warn logs). */
  env?: Record<string, string>;
  /** A free port when not given. */
  port?: number;
  /** Extra node arguments (e.g. --cpu-prof). */
  nodeArgs?: string[];
  startTimeoutMs?: number;
  /** Keep only this much of the output (long benchmark runs). */
  keepChars?: number;
  /** Run the server bundled by bundleServer() in this folder instead of its TypeScript sources. */
  bundle?: string;
}

/** Run one server process and wait for /healthz. */
export async function startServerProcess(o: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = o.port ?? (await freePort());
  const startTimeoutMs = o.startTimeoutMs ?? 60_000;
  let out = '';
  const child = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), ...serverEntryArgs('main', o.bundle)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        LOG_LEVEL: 'warn',
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (d: Buffer) => {
    out += d.toString();
    if (o.keepChars !== undefined) out = out.slice(-o.keepChars);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid!,
    process: child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export interface TestServer extends ServerProcess {
  dataDir: string;
}

export interface TestServerOptions {
  /** Server environment over the end-to-end defaults. */
  env?: Record<string, string>;
  port?: number;
  /** A fresh empty one when not given. */
  dataDir?: string;
  bundle?: string;
}

/** The end-to-end server: a fresh embedded database (or `dataDir`), the simulator on. */
export async function startTestServer(o: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = o.dataDir ?? freshDataDir();
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, SIMULATOR: 'on', SIMULATOR_RATE: '2', ...o.env },
    port: o.port,
    bundle: o.bundle,
  });
  return { ...server, dataDir };
}

/** Add an account with the account CLI (`npm run user -- add`) on the database `env` names. */
export async function runAccountCli(
  env: Record<string, string>,
  email: string,
  password: string,
  first: string,
  last: string,
  bundle?: string,
): Promise<void> {
  await runAccountCliCommand(env, ['add', email, password, first, last], bundle);
}

/** Run one account CLI command on the database `env` names; throws with its output on failure. */
async function runAccountCliCommand(
  env: Record<string, string>,
  args: string[],
  bundle?: string,
): Promise<void> {
  const child = spawn(process.execPath, [...serverEntryArgs('user', bundle), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0)
    throw new Error(`user ${args.slice(0, 2).join(' ')} failed (exit ${code}):\n${out}`);
}

/**
 * Adds an account to a stopped server's embedded database. Call it before `startTestServer` on
 * the same data dir.
 */
export const addAccount = (dataDir: string, email: string, password: string, bundle?: string) =>
  runAccountCli({ DATA_DIR: dataDir }, email, password, 'Test', 'User', bundle);

/**
 * A fresh data dir for a spec that needs its own server (and its own accounts): a copy of
 * `template` (see migratedDataDir) when given, else empty.
 */
export function freshDataDir(template?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-e2e-'));
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * A data dir whose embedded database is created and migrated, to copy for each server of a run:
 * creating one (initdb, migrations) takes the first process on it several seconds. The account
 * CLI's `list` opens and migrates the database and changes nothing else.
 */
export async function migratedDataDir(bundle?: string): Promise<string> {
  const dir = freshDataDir();
  await runAccountCliCommand({ DATA_DIR: dir }, ['list'], bundle);
  return dir;
}
