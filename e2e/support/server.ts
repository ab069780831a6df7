/** Starts the real server (`npm run serve`'s command) on a free port with a fresh embedded database. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
  output: () => string;
}

export async function startTestServer(
  env: Record<string, string> = {},
  port?: number,
  dataDir?: string,
): Promise<TestServer> {
  port ??= await freePort();
  dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-e2e-'));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      SIMULATOR: 'on',
      SIMULATOR_RATE: '2',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Adds an account to a stopped server's embedded database with the account CLI
 * (`npm run user -- add`). Call it before `startTestServer(env, port, dataDir)` on the same data dir.
 */
export async function addAccount(
  dataDir: string,
  email: string,
  password: string,
  first = 'Test',
  last = 'User',
): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/user.ts', 'add', email, password, first, last],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`adding ${email} failed (exit ${code}):\n${out}`);
}

/** A fresh data dir for a spec that needs its own server (and its own accounts). */
export const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-e2e-'));
