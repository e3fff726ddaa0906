import * as z from 'zod/mini';
import { TAB_STATES } from '../domain/tabs';
import { penceSchema, uuidSchema } from './common';
import { resource } from './envelope';
import { paymentAttributes } from './payments';

// Dine-in (issue 21, decision 28): a restaurant's tables, honest tip choices, a guest's pay-now order, and the
// tab: opened with the card held for a limit, rounds added by everyone who joined it, its bill split into
// parts each payer pays with their own tip, closed once (by the holder, the staff or the clock).

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));
/** A tip in pence: whole, not below zero (its upper bound is the bill's, checked by the server). */
export const tipSchema = z.int().check(z.gte(0), z.lte(10_000_000));
const limitSchema = z.int().check(z.gte(1), z.lte(10_000_000));

// ---- Tables -----------------------------------------------------------------------------------------------

export const diningTableAttributes = z.object({ number: z.string(), seats: z.int() });
export const diningTablesDocument = z.object({
  data: z.array(resource('dining_tables', diningTableAttributes)),
  meta: z.object({
    hasTableNumbers: z.boolean(),
    /** What the restaurant tells a guest about finding their table number (null: the shop's words). */
    tableNumberPrompt: z.nullable(z.string()),
    openTabCheckouts: z.boolean(),
  }),
});

// ---- Tips -------------------------------------------------------------------------------------------------

export const tipChoiceSchema = z.object({
  /** 0 for "No tip". */
  percent: z.number(),
  amount: penceSchema,
  /** "No tip", "10% · £2.45". */
  label: z.string(),
});

export const tipPreviewAttributes = z.object({
  /** What tips are counted on: the food and drink, never a fee. */
  foodAndDrink: penceSchema,
  /** "No tip" first; nothing is chosen for the guest. */
  choices: z.array(tipChoiceSchema),
  maxTip: penceSchema,
  /** Every charge beyond the food and drink (there are none at a table), shown before ordering. */
  surcharges: z.array(z.object({ label: z.string(), amount: penceSchema })),
  /** Said plainly on the screen: "No service charge. Tips are optional and all go to the team." */
  note: z.string(),
});
export const tipPreviewDocument = z.object({ data: resource('tip_previews', tipPreviewAttributes) });
export type TipPreview = z.infer<typeof tipPreviewAttributes>;

/** POST /orders/{id}/tip_preview: on the tab's bill (the holder), or on one part of it. */
export const orderTipPreviewBody = z.strictObject({ partId: z.optional(uuidSchema) });

// ---- A guest's pay-now order ----------------------------------------------------------------------------

/**
 * POST /orders/guest: a guest's pay-now order at a table (the guest session from POST /sessions/guest_token
 * says who, and where the receipt goes); paid with POST /payments like any order.
 */
export const guestOrderBody = z.strictObject({
  basketId: uuidSchema,
  tip: tipSchema,
  allergensConfirmed: z.optional(z.boolean()),
});
export type GuestOrderBody = z.infer<typeof guestOrderBody>;

// ---- The tab ----------------------------------------------------------------------------------------------

/** When a forgotten tab closes by itself: after N hours, or at a time (ISO, tonight). */
export const autoCloseSchema = z.union([
  z.strictObject({ afterHours: z.int().check(z.gte(1), z.lte(48)) }),
  z.strictObject({ at: z.string().check(z.maxLength(40)) }),
]);

/**
 * POST /orders/open_tab: without `tabId`, opens a tab with the basket as its first round (the card is then
 * held with POST /payments on `meta.payOrderId`); with `tabId`, adds the basket as a round of that open tab
 * (it goes to the kitchen at once).
 */
export const openTabBody = z.strictObject({
  basketId: uuidSchema,
  tabId: z.optional(uuidSchema),
  limit: z.optional(limitSchema),
  autoClose: z.optional(autoCloseSchema),
  allergensConfirmed: z.optional(z.boolean()),
});
export type OpenTabBody = z.infer<typeof openTabBody>;

export const tabQuery = z.strictObject({ tabId: z.optional(uuidSchema) });
export const joinTabBody = z.strictObject({
  token: z.string().check(z.minLength(16), z.maxLength(64)),
  name: z.optional(name),
});
export const raiseLimitBody = z.strictObject({ tabId: uuidSchema, limit: limitSchema });

const partLabel = z.string().check(z.trim(), z.minLength(1), z.maxLength(40));
export const splitBody = z.strictObject({
  tabId: uuidSchema,
  split: z.discriminatedUnion('kind', [
    /** N equal parts (differing by a penny at most). */
    z.strictObject({ kind: z.literal('evenly'), parts: z.int().check(z.gte(2), z.lte(20)) }),
    /**
     * Each part its own dishes (a round's lines go to the part of who added it, unless `assign` says
     * otherwise) and its share of the dishes shared: `shared` names a line and the parts (by index) that
     * share it equally.
     */
    z.strictObject({
      kind: z.literal('by_items'),
      parts: z
        .array(z.strictObject({ label: partLabel, memberId: z.optional(uuidSchema) }))
        .check(z.minLength(2), z.maxLength(20)),
      assign: z.optional(
        z
          .array(z.strictObject({ lineId: uuidSchema, part: z.int().check(z.gte(0), z.lte(19)) }))
          .check(z.maxLength(200)),
      ),
      shared: z.optional(
        z
          .array(
            z.strictObject({
              lineId: uuidSchema,
              parts: z.array(z.int().check(z.gte(0), z.lte(19))).check(z.minLength(2), z.maxLength(20)),
            }),
          )
          .check(z.maxLength(200)),
      ),
    }),
    /** Amounts chosen by the table: they must add up to the bill exactly. */
    z.strictObject({
      kind: z.literal('custom'),
      parts: z
        .array(z.strictObject({ label: partLabel, memberId: z.optional(uuidSchema), amount: penceSchema }))
        .check(z.minLength(2), z.maxLength(20)),
    }),
  ]),
});
export type SplitBody = z.infer<typeof splitBody>;
export const tabIdBody = z.strictObject({ tabId: uuidSchema });
export const partParams = z.strictObject({ partId: uuidSchema });
export const payPartBody = z.strictObject({ tip: tipSchema });
/** POST /orders/open_tab/checkout: the holder closes the tab (or, when split, pays their own part). */
export const closeTabBody = z.strictObject({
  tabId: uuidSchema,
  tip: tipSchema,
  /** With a split: take the parts nobody has paid from the hold too, and close now. */
  coverRest: z.optional(z.boolean()),
});
export const basketTipPreviewBody = z.optional(z.strictObject({}));

const receiptRowSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['item', 'discount', 'fee', 'tip', 'total', 'credit', 'charged', 'others']),
});

export const tabLineSchema = z.object({
  id: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  quantity: z.int(),
  total: penceSchema,
  modifiers: z.array(z.string()),
});

export const tabPartSchema = z.object({
  id: z.string(),
  position: z.int(),
  label: z.string(),
  /** The member it was made for, if the split named one. */
  memberId: z.nullable(z.string()),
  isYours: z.boolean(),
  /** The holder's part: taken from the held card once every other part is paid. */
  isHolders: z.boolean(),
  amount: penceSchema,
  lines: z.array(z.object({ title: z.string(), share: z.string(), amount: penceSchema })),
  state: z.enum(['unpaid', 'paying', 'paid']),
  tip: penceSchema,
  paidBy: z.nullable(z.string()),
  /** The share's order while it is being paid by you: pay it with POST /payments. */
  payOrderId: z.nullable(z.string()),
});

export const tabAttributes = z.object({
  state: z.enum(TAB_STATES),
  /** "Open", "Being split", "Closing", "Paid", "Closed by itself"… */
  stateLabel: z.string(),
  restaurant: z.object({ id: z.string(), name: z.string(), site: z.string() }),
  tableNumber: z.nullable(z.string()),
  youAreHolder: z.boolean(),
  holderName: z.string(),
  members: z.array(z.object({ id: z.string(), name: z.string(), isYou: z.boolean(), isHolder: z.boolean() })),
  rounds: z.array(
    z.object({
      number: z.int(),
      orderId: z.string(),
      addedBy: z.string(),
      isYours: z.boolean(),
      placedAt: z.string(),
      state: z.string(),
      /** The kitchen's progress ("Sent to the kitchen", "Being prepared", "Served"), or why it is off the bill. */
      stateLabel: z.string(),
      /** Turned down by the kitchen: not on the bill. */
      offBill: z.boolean(),
      lines: z.array(tabLineSchema),
      total: penceSchema,
    }),
  ),
  /** Every round on the bill, food and drink. */
  foodTotal: penceSchema,
  limit: penceSchema,
  /** A higher limit being held (the card asked, not yet answered). */
  pendingLimit: z.nullable(penceSchema),
  /** What the tab may still reach. */
  headroom: penceSchema,
  /** The hold on the holder's card; `paidWith` is named only to the holder. */
  hold: z.object({
    status: z.enum(['none', 'pending', 'held', 'failed', 'captured', 'released']),
    paidWith: z.nullable(z.string()),
  }),
  autoCloseAt: z.string(),
  /** The join link for the others at the table (members only). */
  joinUrl: z.string(),
  split: z.nullable(z.enum(['evenly', 'by_items', 'custom'])),
  parts: z.array(tabPartSchema),
  /** What is still to be paid by parts other than the holder's. */
  outstanding: penceSchema,
  holderTip: z.nullable(penceSchema),
  openedAt: z.string(),
  closedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.enum(['holder', 'staff', 'clock'])),
  /** Once closed, your receipt: the bill, the parts others paid, your tip, what your card was charged. */
  receipt: z.array(receiptRowSchema),
  /** Counts every change: the screens compare it to know the bill changed. */
  version: z.int(),
});
export type Tab = z.infer<typeof tabAttributes> & { id: string };

export const tabDocument = z.object({
  data: resource('tabs', tabAttributes),
  meta: z.object({
    /** The order to pay with POST /payments (the hold, a higher limit, or your part), when there is one. */
    payOrderId: z.nullable(z.string()),
    payment: z.optional(z.nullable(resource('payments', paymentAttributes))),
  }),
});

// ---- The floor (staff) ------------------------------------------------------------------------------------

export const floorTabSchema = z.object({
  id: z.string(),
  tableNumber: z.nullable(z.string()),
  holderName: z.string(),
  state: z.enum(TAB_STATES),
  stateLabel: z.string(),
  foodTotal: penceSchema,
  limit: penceSchema,
  rounds: z.int(),
  members: z.int(),
  openedAt: z.string(),
  autoCloseAt: z.string(),
  outstanding: penceSchema,
  /** What closing it now would take from the held card (the guests left: no tip added). */
  chargeOnClose: penceSchema,
});
export const floorDocument = z.object({
  data: z.array(
    resource(
      'floor_tables',
      z.object({ number: z.nullable(z.string()), seats: z.nullable(z.int()), tabs: z.array(floorTabSchema) }),
    ),
  ),
  meta: z.object({
    restaurantId: z.string(),
    hasTableNumbers: z.boolean(),
    openTabs: z.int(),
    tabsTotal: penceSchema,
  }),
});
export const floorTabParams = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  tabId: uuidSchema,
});
export const moveTabBody = z.strictObject({
  tableNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(12)),
});
export const floorTabDocument = z.object({ data: resource('floor_tabs', floorTabSchema) });

// ---- QR codes ---------------------------------------------------------------------------------------------

/** A link as a QR code: its address and an SVG picture of it (shown with a data: URL, printed as it is). */
export const qrCodeAttributes = z.object({
  /** The table's number ("12"), or null for the tab's join link or a restaurant served by name. */
  tableNumber: z.nullable(z.string()),
  url: z.string(),
  svg: z.string(),
});
export const qrCodesDocument = z.object({
  data: z.array(resource('qr_codes', qrCodeAttributes)),
  meta: z.object({ restaurantName: z.string() }),
});
export const qrCodeDocument = z.object({ data: resource('qr_codes', qrCodeAttributes) });
export const tabIdQuery = z.strictObject({ tabId: uuidSchema });
