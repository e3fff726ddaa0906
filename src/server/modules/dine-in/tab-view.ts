import type { Tab } from '../../../contracts/dine-in';
import { formatPence } from '../../../domain/money';
import type { OrderState } from '../../../domain/orders';
import type { ReceiptRow } from '../../../domain/receipt';
import { timeLabel } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { checkoutOf, firstOrderOf } from '../orders';
import { holdOf } from '../payments';
import { findRestaurant } from '../restaurants';
import { readTakeawayOrdersOf, type TakeawayOrderRecord } from '../takeaway';
import {
  membersOfTabs,
  partsOfTabs,
  roundsOfTabs,
  type MemberRow,
  type PartRow,
  type RoundRow,
  type TabRow,
} from './tabs.repo';

// A tab as its screens show it (GET /orders/open_tab, decision 28): every round with who added it and how far
// the kitchen is, the running total against the limit held, the split and its parts, and once closed, the
// viewer's own receipt. The card's name is for the holder only; a member sees names, never an email.

/** A round the kitchen turned down, or one whose tab was never held, is not on the bill. */
export const OFF_BILL: readonly OrderState[] = ['dropped', 'cancelled'];

const ROUND_LABELS: Partial<Record<OrderState, string>> = {
  created: 'Waiting for the card to be held',
  submitted: 'Sent to the kitchen',
  accepted: 'Being prepared',
  ready_for_pickup: 'On its way to your table',
  packed: 'On its way to your table',
  delivered: 'Served',
  dropped: 'The kitchen couldn’t make it: not on your bill',
  cancelled: 'Cancelled: not on your bill',
};

const STATE_LABELS: Record<Tab['state'], string> = {
  opening: 'Holding your card',
  open: 'Open',
  settling: 'Paying the bill',
  closing: 'Closing',
  closed: 'Paid and closed',
  abandoned: 'Not opened',
};

export interface TabParts {
  tab: TabRow;
  members: MemberRow[];
  rounds: RoundRow[];
  records: Map<string, TakeawayOrderRecord>;
  parts: PartRow[];
}

/** Everything a tab's document, floor row or receipt is made of, read at once. */
export async function readTabParts(db: DbOrTx, tab: TabRow): Promise<TabParts> {
  return (await readTabsParts(db, [tab]))[0]!;
}

/** The same for several tabs (the floor's) in four statements, whatever their number. */
export async function readTabsParts(db: DbOrTx, tabs: readonly TabRow[]): Promise<TabParts[]> {
  if (tabs.length === 0) return [];
  const ids = tabs.map((tab) => tab.id);
  const [members, rounds, parts] = await Promise.all([
    membersOfTabs(db, ids),
    roundsOfTabs(db, ids),
    partsOfTabs(db, ids),
  ]);
  const records = new Map(
    (
      await readTakeawayOrdersOf(
        db,
        rounds.map((round) => round.orderId),
      )
    ).map((record) => [record.order.id, record]),
  );
  return tabs.map((tab) => {
    const own = rounds.filter((round) => round.tabId === tab.id);
    return {
      tab,
      members: members.filter((member) => member.tabId === tab.id),
      rounds: own,
      records: new Map(
        own.flatMap((round) => {
          const record = records.get(round.orderId);
          return record ? [[round.orderId, record] as const] : [];
        }),
      ),
      parts: parts.filter((part) => part.tabId === tab.id),
    };
  });
}

/** The food and drink on the bill: every round not turned down. */
export function foodTotalOf({ rounds, records }: Pick<TabParts, 'rounds' | 'records'>): number {
  return rounds.reduce((sum, round) => {
    const record = records.get(round.orderId);
    return record && !OFF_BILL.includes(record.order.state as OrderState) ? sum + record.order.total : sum;
  }, 0);
}

/** What parts other than the holder's still owe. */
export function outstandingOf(parts: readonly PartRow[]): number {
  return parts
    .filter((part) => part.position > 1 && part.state !== 'paid')
    .reduce((sum, part) => sum + part.amount, 0);
}

export async function tabDocument(
  db: DbOrTx,
  read: TabParts,
  viewerId: string,
  publicUrl: string,
): Promise<Tab> {
  const { tab, members, rounds, records, parts } = read;
  const restaurant = await findRestaurant(db, tab.restaurantId);
  const hold = await holdOf(db, tab.checkoutId);
  const names = new Map(members.map((member) => [member.customerId, member.name]));
  const youAreHolder = tab.holderId === viewerId;
  const foodTotal = foodTotalOf(read);
  const yourShares = await sharesBeingPaidBy(db, parts, viewerId);
  return {
    id: tab.id,
    state: tab.state,
    stateLabel:
      tab.state === 'closed' && tab.closedBy === 'clock'
        ? `Closed by itself at ${timeLabel(tab.closedAt ?? tab.autoCloseAt)}: no tip added`
        : tab.state === 'closed' && tab.closedBy === 'staff'
          ? 'Closed by the restaurant: no tip added'
          : STATE_LABELS[tab.state],
    restaurant: {
      id: tab.restaurantId,
      name: restaurant?.name ?? tab.restaurantId,
      site: restaurant?.site ?? '',
    },
    tableNumber: tab.tableNumber,
    youAreHolder,
    holderName: names.get(tab.holderId) ?? 'The host',
    members: members.map((member) => ({
      id: member.customerId,
      name: member.name,
      isYou: member.customerId === viewerId,
      isHolder: member.customerId === tab.holderId,
    })),
    rounds: rounds.map((round) => {
      const record = records.get(round.orderId);
      const state = (record?.order.state ?? 'created') as OrderState;
      return {
        number: round.number,
        orderId: round.orderId,
        addedBy: names.get(round.addedBy) ?? 'Someone at the table',
        isYours: round.addedBy === viewerId,
        placedAt: round.createdAt.toISOString(),
        state,
        stateLabel: ROUND_LABELS[state] ?? 'Being prepared',
        offBill: OFF_BILL.includes(state),
        lines: (record?.lines ?? []).map((line) => ({
          id: line.id,
          title: line.title,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          total: line.total,
          modifiers: (line.takeaway?.modifiers ?? [])
            .filter((modifier) => modifier.group !== 'size')
            .map((modifier) => (modifier.group === 'removal' ? `No ${modifier.title}` : modifier.title)),
        })),
        total: record?.order.total ?? 0,
      };
    }),
    foodTotal,
    limit: tab.holdLimit,
    pendingLimit: tab.pendingLimit,
    headroom: Math.max(0, tab.holdLimit - foodTotal),
    hold: { status: hold.status, paidWith: youAreHolder ? hold.paidWith : null },
    autoCloseAt: tab.autoCloseAt.toISOString(),
    joinUrl: `${publicUrl}/dine-in-view-tab?join=${tab.joinToken}`,
    split: tab.split,
    parts: parts.map((part) => ({
      id: part.id,
      position: part.position,
      label: part.label,
      memberId: part.memberId,
      isYours:
        part.position === 1
          ? youAreHolder
          : part.memberId === viewerId || part.paidBy === viewerId || yourShares.has(part.id),
      isHolders: part.position === 1,
      amount: part.amount,
      lines: part.lines,
      state: part.state,
      tip: part.tip,
      paidBy: part.paidBy ? (names.get(part.paidBy) ?? 'A guest') : null,
      payOrderId: yourShares.get(part.id) ?? null,
    })),
    outstanding: outstandingOf(parts),
    holderTip: tab.holderTip,
    openedAt: tab.openedAt.toISOString(),
    closedAt: tab.closedAt?.toISOString() ?? null,
    closedBy: tab.closedBy,
    receipt: tab.state === 'closed' ? receiptFor(read, viewerId, foodTotal, hold) : [],
    version: tab.version,
  };
}

/** The parts the viewer is paying right now (their share placed, not yet paid): each with its order to pay. */
async function sharesBeingPaidBy(
  db: DbOrTx,
  parts: readonly PartRow[],
  viewerId: string,
): Promise<Map<string, string>> {
  const yours = new Map<string, string>();
  for (const part of parts) {
    if (part.state !== 'paying' || !part.checkoutId) continue;
    const share = await checkoutOf(db, part.checkoutId);
    const order = share?.customerId === viewerId ? await firstOrderOf(db, share.id) : null;
    if (order) yours.set(part.id, order.id);
  }
  return yours;
}

/**
 * The viewer's receipt of a closed tab: the bill, what others paid, their own part and tip, and what their
 * card was charged. The holder's charge is what the hold's capture took.
 */
function receiptFor(
  { tab, rounds, parts }: TabParts,
  viewerId: string,
  foodTotal: number,
  hold: Awaited<ReturnType<typeof holdOf>>,
): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    {
      label: `Food and drink (${rounds.length} ${rounds.length === 1 ? 'round' : 'rounds'})`,
      value: formatPence(foodTotal),
      kind: 'item',
    },
  ];
  if (viewerId === tab.holderId) {
    // Parts the holder's card covered (nobody else paid them) are theirs, not others'.
    const others = parts.filter(
      (part) => part.position > 1 && part.state === 'paid' && part.paidBy !== tab.holderId,
    );
    const paidByOthers = others.reduce((sum, part) => sum + part.amount, 0);
    if (paidByOthers > 0) {
      rows.push({
        label: 'Paid by others at the table',
        value: `−${formatPence(paidByOthers)}`,
        kind: 'others',
      });
    }
    rows.push({
      label: tab.closedBy === 'holder' ? 'Tip' : 'Tip (none added when a tab closes by itself)',
      value: formatPence(tab.holderTip ?? 0),
      kind: 'tip',
    });
    rows.push({
      label: `Charged to ${hold.paidWith ?? 'your card'}`,
      value: formatPence(hold.amount),
      kind: 'charged',
    });
    return rows;
  }
  for (const part of parts.filter((part) => part.paidBy === viewerId && part.state === 'paid')) {
    rows.push({ label: `Your part (${part.label})`, value: formatPence(part.amount), kind: 'item' });
    rows.push({ label: 'Your tip', value: formatPence(part.tip), kind: 'tip' });
    rows.push({ label: 'You paid', value: formatPence(part.amount + part.tip), kind: 'charged' });
  }
  return rows;
}
