/**
 * A PostgreSQL server of the test's own (Debian's postgresql binaries, a temporary directory, a free
 * port), so a test can stop and restart it: never the machine's own server. As root the server runs
 * as the `postgres` system user, since PostgreSQL refuses to run as root.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './mqtt-helpers.ts';

const run = promisify(execFile);

/** The newest installed PostgreSQL bin directory, or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** uid and gid of the postgres system user when running as root; else nothing to change. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root and there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stop it and remove its directory. */
  destroy(): Promise<void>;
}

export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-pg-'));
  const data = path.join(dir, 'data');
  const user = runAs();
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const exec = (cmd: string, args: string[]) =>
    run(path.join(bin, cmd), args, { ...user, cwd: dir, timeout: 60_000 });
  await exec('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
