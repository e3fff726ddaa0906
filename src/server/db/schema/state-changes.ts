import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every change of state of an order, checkout, payment or plan (issue 10 part 5): what moved, from what to
 * what, who or what moved it (`customer`, `job:payments-recover`, `processor`, `staff:…`) and why, and when
 * on the shop's clock. An order's page can show its history from here. Rows are never changed.
 */
export const stateChanges = pgTable(
  'state_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject', {
      enum: ['order', 'checkout', 'payment', 'subscription', 'schedule_week', 'tab'],
    }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** Null when the thing was made. */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('state_changes_subject_idx').on(t.subject, t.subjectId, t.at)],
);
