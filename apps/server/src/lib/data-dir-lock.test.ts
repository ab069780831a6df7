import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'rtls-lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const writeLock = (dir: string, pid: number, host = os.hostname()) =>
    fs.writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid, role: 'server', host, since: new Date().toISOString() }),
    );

  it('refuses a second holder, naming the first, and lets go on release', () => {
    const dir = tmp();
    const lock = lockDataDir(dir, 'command');
    expect(() => lockDataDir(dir, 'server')).toThrow(/Another command \(pid \d+\) is using/);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lockDataDir(dir, 'server').release();
  });

  it('says the server is running when a live server holds it', () => {
    const dir = tmp();
    writeLock(dir, process.ppid);
    const err = (() => {
      try {
        lockDataDir(dir, 'command');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(DataDirInUseError);
    expect((err as Error).message).toMatch(
      /^The server \(pid \d+\) is running on the data directory/,
    );
  });

  it('takes over the lock of a process that died, or one naming its own pid', () => {
    const dir = tmp();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeLock(dir, dead);
    lockDataDir(dir, 'server').release();
    writeLock(dir, process.pid);
    lockDataDir(dir, 'server').release();
  });

  it("respects another host's lock, which it cannot check", () => {
    const dir = tmp();
    writeLock(dir, 1, 'elsewhere');
    expect(() => lockDataDir(dir, 'command')).toThrow(DataDirInUseError);
  });
});
