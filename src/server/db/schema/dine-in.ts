import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAB_STATES } from '../../../domain/tabs';
import { checkouts } from './checkout';
import { customers } from './customers';
import { orders } from './orders';
import { restaurants } from './restaurants';

// Dine-in (issue 21, decision 28): a table's tab, who is on it, its rounds and the parts its bill is split
// into. The tab's money is a checkout (kind `dine_in_tab`) whose orders are the rounds and whose payment is
// the hold on the holder's card; each part another payer pays is a checkout of its own (`dine_in_share`).

/** A bill part's lines as the payer sees them: what of the bill the part is for. */
export interface PartLine {
  title: string;
  /** "1", "½", "⅓": the share of the line the part covers. */
  share: string;
  amount: number;
}

export const dineInTabs = pgTable(
  'dine_in_tabs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: text('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    /** Null at a restaurant without table numbers. */
    tableNumber: text('table_number'),
    /** The tab's checkout: its rounds are its orders, the hold its payment. */
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state', { enum: TAB_STATES }).notNull().default('opening'),
    /** The most the tab may reach: what the holder chose, held on their card. */
    holdLimit: integer('hold_limit').notNull(),
    /** A higher limit being held (the new authorisation not yet answered). */
    pendingLimit: integer('pending_limit'),
    /** When the tab closes by itself if nobody closes it (no tip). */
    autoCloseAt: timestamp('auto_close_at', { withTimezone: true }).notNull(),
    /** The secret of the tab's join link and QR code. */
    joinToken: text('join_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** How the bill is split, once someone chose (null: one bill, the holder's). */
    split: text('split', { enum: ['evenly', 'by_items', 'custom'] }),
    /** The holder's tip once they paid (their part): null until then. */
    holderTip: integer('holder_tip'),
    /** What the holder's card was asked to pay at close. */
    captureAmount: integer('capture_amount'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who closed it: the holder, the staff (the guests left), or the clock (forgotten). */
    closedBy: text('closed_by', { enum: ['holder', 'staff', 'clock'] }),
    closedByStaff: uuid('closed_by_staff').references(() => customers.id, { onDelete: 'set null' }),
    /** Counts every change: the tab's screens read it to know the bill changed. */
    version: integer('version').notNull().default(1),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dine_in_tabs_checkout_idx').on(t.checkoutId),
    uniqueIndex('dine_in_tabs_join_idx').on(t.joinToken),
    // One live tab per holder: two quick taps on "Open a tab" open one.
    uniqueIndex('dine_in_tabs_one_live_idx')
      .on(t.holderId)
      .where(sql`${t.state} in ('opening', 'open', 'settling', 'closing')`),
    index('dine_in_tabs_restaurant_idx').on(t.restaurantId, t.state),
    // What the clock closes, and what the job finishes.
    index('dine_in_tabs_due_idx')
      .on(t.autoCloseAt)
      .where(sql`${t.state} in ('opening', 'open', 'settling', 'closing')`),
    check(
      'dine_in_tabs_limit',
      sql`${t.holdLimit} > 0 and (${t.pendingLimit} is null or ${t.pendingLimit} > 0)`,
    ),
    check('dine_in_tabs_tip', sql`${t.holderTip} is null or ${t.holderTip} >= 0`),
  ],
);

/** Who is on a tab: the holder, and everyone who joined from its link. */
export const dineInTabMembers = pgTable(
  'dine_in_tab_members',
  {
    tabId: uuid('tab_id')
      .notNull()
      .references(() => dineInTabs.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** How the others see them: a first name, or the email's name. */
    name: text('name').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tabId, t.customerId] }),
    index('dine_in_tab_members_customer_idx').on(t.customerId),
  ],
);

/** A round of a tab: one of its checkout's orders, who added it and its number. */
export const dineInRounds = pgTable(
  'dine_in_rounds',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tabId: uuid('tab_id')
      .notNull()
      .references(() => dineInTabs.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    addedBy: uuid('added_by')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('dine_in_rounds_number_idx').on(t.tabId, t.number)],
);

/**
 * A part of a split bill (decision 28). Part 1 is the holder's, paid from the hold at close; every other part
 * is paid by whoever opens it, as a share (its own checkout), with their own tip.
 */
export const dineInBillParts = pgTable(
  'dine_in_bill_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tabId: uuid('tab_id')
      .notNull()
      .references(() => dineInTabs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    /** The member it is for, when the split named one. */
    memberId: uuid('member_id').references(() => customers.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    lines: jsonb('lines').$type<PartLine[]>().notNull(),
    state: text('state', { enum: ['unpaid', 'paying', 'paid'] })
      .notNull()
      .default('unpaid'),
    /** The share being paid or paid (null for the holder's part and while nobody pays it). */
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    paidBy: uuid('paid_by').references(() => customers.id, { onDelete: 'set null' }),
    tip: integer('tip').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('dine_in_bill_parts_position_idx').on(t.tabId, t.position),
    uniqueIndex('dine_in_bill_parts_checkout_idx').on(t.checkoutId),
    check('dine_in_bill_parts_amounts', sql`${t.amount} >= 0 and ${t.tip} >= 0`),
  ],
);
