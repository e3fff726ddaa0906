import { closeSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

// PGlite is one process per data folder and the folder carries no lock of its own: a second process
// would corrupt it. This lock file holds the owner's pid; a lock left by a process that has died (kill -9)
// is taken over.

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** The folder cannot be made or written (read-only, not ours, full, not a folder): one line, what to do. */
export class DataDirNotWritableError extends Error {
  override name = 'DataDirNotWritableError';
}

const NOT_WRITABLE: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'is not writable by this user',
  EPERM: 'is not writable by this user',
  ENOSPC: 'is on a disk with no space left',
  EDQUOT: 'is on a disk whose quota is used up',
  ENOTDIR: 'is not a folder (or a part of its path is a file)',
  EEXIST: 'is not a folder',
};

/** The error of making or writing the folder, as the one line an operator needs; anything else as it was. */
function notWritable(dir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const what = NOT_WRITABLE[code];
  if (!what) return error;
  return new DataDirNotWritableError(
    `DATA_DIR ${dir} ${what} (${code}): the embedded database must write there. Make it writable, or set ` +
      `DATA_DIR to a writable folder (or DATABASE_URL to a PostgreSQL server).`,
  );
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

/**
 * Takes the folder's lock, which also proves at start that the folder can be written: a read-only or full
 * one stops the server with `DataDirNotWritableError` (issue 19 item 28) before PGlite fails inside it.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw notWritable(dir, error);
  }
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(
          fd,
          JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }),
        );
      } catch (error) {
        // A full disk: the empty lock file goes too, and the server says why it stops.
        closeSync(fd);
        rmSync(path, { force: true });
        throw notWritable(dir, error);
      }
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
      if (error instanceof DataDirNotWritableError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(dir, error);
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
