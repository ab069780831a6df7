/**
 * One process at a time on an embedded (PGlite) data directory: two processes writing the same
 * files destroy the database. Whoever opens it (the server, an account command) holds a lock file
 * naming its process; a second one is refused with a sentence saying who holds it. A lock left by a
 * process that died (kill -9, power loss) is taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'rtls.lock';

export type LockRole = 'server' | 'command';

interface LockInfo {
  pid: number;
  role: LockRole;
  host: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      holder.role === 'server'
        ? `The server (pid ${holder.pid}) is running on the data directory ${dataDir}. Stop it first: a second process on the same embedded database would corrupt it. (To manage accounts while the server runs, run it on PostgreSQL with DATABASE_URL.)`
        : `Another command (pid ${holder.pid}) is using the data directory ${dataDir}; wait for it to finish.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
    return Number.isInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/** Lock files this process holds (its own pid in a lock file is otherwise taken for stale). */
const heldHere = new Set<string>();

/** Take the data directory's lock or throw DataDirInUseError; release() gives it back. */
export function lockDataDir(dataDir: string, role: LockRole): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.resolve(dataDir, LOCK_FILE);
  const mine: LockInfo = {
    pid: process.pid,
    role,
    host: os.hostname(),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = readLock(file);
      // Another host's lock (a shared volume) cannot be checked: it is respected. A lock naming
      // this very pid is stale (a restarted container often gets the same pid).
      const held = holder && (holder.pid === process.pid ? heldHere.has(file) : alive(holder.pid));
      if (holder && (holder.host !== mine.host || held))
        throw new DataDirInUseError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(file);
  const release = () => {
    heldHere.delete(file);
    if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.once('exit', release);
  return {
    release() {
      process.off('exit', release);
      release();
    },
  };
}
