import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite is one process per data folder and the folder carries no lock of its own: a second process
// would corrupt it. This lock file holds the owner's pid; a lock left by a process that has died (kill -9)
// is taken over.

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const LOCK_FILE = 'sfoglia.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(readFileSync(path, 'utf8')) as typeof owner;
      } catch {
        // a half-written lock file: its writer died while writing, so it is stale
      }
      const sameHost = owner.host === undefined || owner.host === hostname();
      if (owner.pid !== undefined && owner.pid !== process.pid && (!sameHost || isAlive(owner.pid))) {
        throw new DataDirInUseError(
          `The database folder ${dir} is in use by another Sfoglia server (pid ${owner.pid}` +
            `${sameHost ? '' : ` on ${owner.host}`}). Stop that server, or start this one with another DATA_DIR ` +
            `or a DATABASE_URL.`,
        );
      }
      unlinkSync(path);
    }
  }
  throw new DataDirInUseError(`Could not lock the database folder ${dir}`);
}
