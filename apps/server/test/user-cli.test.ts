/**
 * The account CLI beside a running server on the embedded database: it refuses with a clear
 * sentence instead of writing under the server's feet, and the data stays intact; with the server
 * stopped it works, and a server does not start while a command holds the data directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { freePort, sleep } from './mqtt-helpers.ts';
import { serverEntryArgs } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-cli-'));

const env = (port: number) => ({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  MQTT_PORT: '0',
  SIMULATOR: 'off',
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
});

function cli(...args: string[]) {
  const res = spawnSync(
    process.execPath,
    [...serverEntryArgs('user', inject('serverBundle')), ...args],
    {
      cwd: ROOT,
      env: env(0),
      encoding: 'utf8',
      // The first command creates and migrates the embedded database: slow on a busy machine.
      timeout: 180_000,
    },
  );
  return { code: res.status, out: res.stdout, err: res.stderr };
}

async function startServer(port: number) {
  let output = '';
  const child = spawn(process.execPath, serverEntryArgs('main', inject('serverBundle')), {
    cwd: ROOT,
    env: env(port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, exited, output: () => output };
}

async function untilReady(port: number, server: { child: ChildProcess; output(): string }) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`server not ready: ${server.output()}`);
}

describe('account CLI and a running server on PGlite', () => {
  let running: ChildProcess | null = null;
  afterAll(() => {
    running?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses while the server runs, keeps the data intact, and works once it stopped', async () => {
    expect(cli('add', 'first@example.com', 'first password 1').code).toBe(0);
    const port = await freePort();
    const server = await startServer(port);
    running = server.child;
    await untilReady(port, server);

    const refused = cli('add', 'second@example.com', 'second password 2');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: The server \(pid \d+\) is running on the data directory/);
    expect(refused.out).not.toMatch(/added/);
    expect(cli('list').code).toBe(1);

    // The server still serves the account made before it started.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.com', password: 'first password 1' }),
    });
    expect(signIn.status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    running = null;
    const listed = cli('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^first@example\.com\t/m);
    expect(cli('add', 'second@example.com', 'second password 2').code).toBe(0);
    expect(cli('list').out).toMatch(/second@example\.com/);
  }, 600_000);

  it('does not start a server while a command holds the data directory', async () => {
    const lock = lockDataDir(dataDir, 'command');
    try {
      const server = await startServer(await freePort());
      running = server.child;
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/Another command \(pid \d+\) is using the data directory/);
    } finally {
      lock.release();
      running = null;
    }
  }, 180_000);
});
