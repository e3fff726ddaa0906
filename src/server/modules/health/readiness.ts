import type { Clock } from '../../clock';
import { describeDatabaseError } from '../../db/availability';
import type { Database } from '../../db/client';
import { putSetting } from '../shop';

// What /readyz asks of the database (issue 19 items 24 and 28, decision 26): that it answers (a `select 1`
// on every probe, cheap), and that it can still write, which a full disk or a read-only database stops while
// reads go on. The write is a heartbeat row in `settings`, committed like any change (a rolled-back write
// never reaches the disk, so it would not see a full one), at most once per `writeEveryMs` on the shop's clock
// per process while it succeeds; after a failure every probe tries again, so recovery shows at once.

export const HEARTBEAT_SETTING = 'readiness_heartbeat';
export const HEARTBEAT_EVERY_MS = 10_000;

export type ReadinessAnswer =
  { ready: true } | { ready: false; reason: 'database' | 'database not writable' };

export interface Readiness {
  check(): Promise<ReadinessAnswer>;
}

export function createReadiness(
  database: Database,
  clock: Clock,
  log: { warn(details: object, message: string): void },
  writeEveryMs = HEARTBEAT_EVERY_MS,
): Readiness {
  let wroteAt: number | null = null;
  let writing: Promise<boolean> | null = null;

  const heartbeat = async (): Promise<boolean> => {
    const now = clock.now();
    try {
      const value = { at: now.toISOString(), pid: process.pid };
      await putSetting(database.db, HEARTBEAT_SETTING, value);
      wroteAt = now.getTime();
      return true;
    } catch (error) {
      wroteAt = null;
      log.warn({ cause: describeDatabaseError(error) }, 'readiness: the database cannot write');
      return false;
    }
  };

  return {
    async check() {
      try {
        await database.ping();
      } catch {
        return { ready: false, reason: 'database' };
      }
      const due = wroteAt === null || Math.abs(clock.now().getTime() - wroteAt) >= writeEveryMs;
      if (due) {
        writing ??= heartbeat().finally(() => (writing = null));
        if (!(await writing)) return { ready: false, reason: 'database not writable' };
      }
      return { ready: true };
    },
  };
}
