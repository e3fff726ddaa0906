import { eq, sql } from 'drizzle-orm';
import { offsetClock, systemClock, type Clock } from '../clock';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema/shop';

// The shop's clock when SFOGLIA_NOW pins it, shared by every process on one database (docs/decisions/0019).
// A pinned clock then runs on at real speed from the moment it was pinned; each process measuring from its own
// start would disagree by however long it took to start (seconds, with several workers, or a worker restarted
// after a crash). So the process that starts the shop records the moment in the settings table and every
// other process (forked workers, `npm run worker`) reads it back.

export const DEMO_CLOCK_SETTING = 'demo_clock';

interface DemoClockRow {
  pinned: string;
  startedAt: number;
}

function isDemoClockRow(value: unknown): value is DemoClockRow {
  const row = value as Partial<DemoClockRow> | null;
  return typeof row?.pinned === 'string' && typeof row.startedAt === 'number';
}

/**
 * Pins the shared clock now (the process that starts the shop: the primary, or the only server). Restarting
 * such a demo restarts its clock at the pinned moment, as before (decision 14).
 */
export async function pinSharedClock(db: DbOrTx, pinnedNow: Date | null): Promise<Clock> {
  if (!pinnedNow) return systemClock;
  const row: DemoClockRow = { pinned: pinnedNow.toISOString(), startedAt: Date.now() };
  await db
    .insert(settings)
    .values({ key: DEMO_CLOCK_SETTING, value: row })
    .onConflictDoUpdate({ target: settings.key, set: { value: row, updatedAt: sql`now()` } });
  return offsetClock(pinnedNow, row.startedAt);
}

/**
 * Joins the clock pinned by the process that started the shop. A clock pinned to another moment (or none yet:
 * a worker started before any server) starts from this process's own start.
 */
export async function joinSharedClock(db: DbOrTx, pinnedNow: Date | null): Promise<Clock> {
  if (!pinnedNow) return systemClock;
  const [found] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, DEMO_CLOCK_SETTING));
  const row = found?.value;
  if (isDemoClockRow(row) && row.pinned === pinnedNow.toISOString()) {
    return offsetClock(pinnedNow, row.startedAt);
  }
  return offsetClock(pinnedNow);
}
