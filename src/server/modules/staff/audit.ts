import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staffAudit } from '../../db/schema/staff';

// The audit log (issue 25 part 1): every change a member of staff makes, written by the use case in the same
// transaction as the change, so the log has a change exactly when the change happened. Owners read it.

export interface StaffChange {
  actorId: string;
  actorEmail: string;
  /** "staff.invite", "dish.update", "order.refund"… */
  action: string;
  subjectType: string;
  subjectId: string;
  onBehalfOf?: string | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function recordChange(tx: DbOrTx, change: StaffChange): Promise<void> {
  await tx.insert(staffAudit).values({
    actorId: change.actorId,
    actorEmail: change.actorEmail,
    action: change.action,
    subjectType: change.subjectType,
    subjectId: change.subjectId,
    onBehalfOf: change.onBehalfOf ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
    at: change.at,
  });
}

export interface AuditEntry {
  id: number;
  actorEmail: string;
  action: string;
  subjectType: string;
  subjectId: string;
  onBehalfOf: string | null;
  before: unknown;
  after: unknown;
  at: Date;
}

/** The latest changes first, a page at a time (`before` an entry's id), of one subject or all. */
export async function auditEntries(
  db: DbOrTx,
  query: { before?: number; limit: number; subjectType?: string; subjectId?: string },
): Promise<AuditEntry[]> {
  const conditions = [
    query.before !== undefined ? lt(staffAudit.id, query.before) : undefined,
    query.subjectType ? eq(staffAudit.subjectType, query.subjectType) : undefined,
    query.subjectId ? eq(staffAudit.subjectId, query.subjectId) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select()
    .from(staffAudit)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    actorEmail: row.actorEmail,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    onBehalfOf: row.onBehalfOf,
    before: row.before,
    after: row.after,
    at: row.at,
  }));
}
