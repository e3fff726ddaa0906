import { timeLabel } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import type { ReceiptRow } from '../../../domain/receipt';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { tabReceipt, tabShareReceipt } from '../../integrations/email/tab-templates';
import { deleteBasket } from '../baskets';
import { findCustomerById } from '../customers';
import { orderStateOf, orderIdsOf, type OrderKind } from '../orders';
import { findRestaurant } from '../restaurants';
import { roundsToKitchen } from '../takeaway';
import { readTabParts, tabDocument } from './tab-view';
import {
  lockTab,
  lockTabOfCheckout,
  moveTab,
  partOfCheckout,
  partsOf,
  touchTab,
  updatePart,
} from './tabs.repo';

// Dine-in's two order kinds (decision 28), registered in services.ts; orders and payments call them in the
// transaction that makes each change, with the checkout (and its payment) locked first, then the tab.
// - `dine_in_tab`: the tab's checkout. Paying it is a hold (of the limit, or of a higher limit asked for); the
//   hold authorised opens the tab and sends its first round to the kitchen, or raises its limit; given up
//   before any hold, the tab is abandoned; paid (the hold captured at close), the tab is closed and its holder
//   gets the receipt. A round may be turned down by the kitchen only while the tab is open (it comes off the
//   bill; nothing was taken).
// - `dine_in_share`: one payer's part of a split bill, paid like any order; paid, the part is, and the tab
//   closes once every other part and the holder's are; given up, the part can be paid again.

export function tabKind(publicUrl: string): OrderKind {
  return {
    async paying(tx, { checkout }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (tab?.state === 'opening') return { hold: tab.holdLimit };
      if (tab?.state === 'open' && tab.pendingLimit) return { hold: tab.pendingLimit };
      throw new DomainError(
        'CONFLICT',
        'Nothing to pay on this tab now: it is paid when it closes, from the card held for it',
      );
    },
    async held(tx, { checkout, payment, by }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (!tab) return;
      if (tab.state === 'opening') {
        await moveTab(tx, tab, 'open', {}, by);
        const waiting: string[] = [];
        for (const id of await orderIdsOf(tx, checkout.id)) {
          if ((await orderStateOf(tx, id))?.state === 'created') waiting.push(id);
        }
        await roundsToKitchen(tx, waiting, by);
        await deleteBasket(tx, checkout.basketId);
      } else if (tab.pendingLimit) {
        await touchTab(tx, tab, { holdLimit: payment.amount, pendingLimit: null }, by.at);
      }
    },
    async failed(tx, { checkout, by }) {
      // A higher limit the card would not hold: the tab stays on the limit it has.
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (tab?.state === 'open' && tab.pendingLimit) await touchTab(tx, tab, { pendingLimit: null }, by.at);
    },
    async withdrawn(tx, { checkout, by }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (tab?.state === 'opening') await moveTab(tx, tab, 'abandoned', {}, by);
    },
    async cancelled(tx, { checkout, by }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (tab?.state === 'opening') await moveTab(tx, tab, 'abandoned', {}, by);
    },
    async paid(tx, { checkout, by }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (!tab) return;
      const closed = await moveTab(tx, tab, 'closed', { closedAt: by.at }, by);
      // The holder's own part of a split bill is paid with the capture.
      const [own] = await partsOf(tx, closed.id);
      if (own && own.state !== 'paid') {
        await updatePart(tx, own.id, {
          state: 'paid',
          paidBy: closed.holderId,
          paidAt: by.at,
          tip: closed.holderTip ?? 0,
        });
      }
      const holder = await findCustomerById(tx, closed.holderId);
      if (!holder) return;
      const read = await readTabParts(tx, closed);
      const document = await tabDocument(tx, read, holder.id, publicUrl);
      const restaurant = await findRestaurant(tx, closed.restaurantId);
      await enqueueEmail(
        tx,
        tabReceipt({
          to: holder.email,
          firstName: holder.firstName,
          restaurant: restaurant?.name ?? document.restaurant.name,
          table: closed.tableNumber ? `table ${closed.tableNumber}` : null,
          closedBy: closed.closedBy ?? 'holder',
          closedAt: timeLabel(by.at),
          rounds: document.rounds.map(
            (round) =>
              `Round ${round.number} (${round.addedBy}): ${round.lines
                .map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.title}` : line.title))
                .join(', ')}  ${round.offBill ? 'not on your bill' : formatPence(round.total)}`,
          ),
          totals: rowsOf(document.receipt),
          link: `${publicUrl}/dine-in-view-tab?tab=${closed.id}`,
        }),
      );
    },
    async rejecting(tx, { checkout }) {
      const tab = await lockTabOfCheckout(tx, checkout.id);
      if (!tab || tab.state === 'open' || tab.state === 'opening') return;
      const table = tab.tableNumber ? `Table ${tab.tableNumber}` : 'This table';
      throw new DomainError(
        'CONFLICT',
        tab.state === 'closed'
          ? `${table}’s tab is paid and closed, this round with it: mark it served, or ask a manager about a refund`
          : `${table} is paying its bill: speak to them before turning this round down`,
      );
    },
  };
}

export function shareKind(publicUrl: string): OrderKind {
  return {
    async paying(tx, { checkout }) {
      const part = await partOfCheckout(tx, checkout.id);
      const tab = part ? await lockTab(tx, part.tabId) : null;
      if (!part || !tab || tab.state !== 'settling' || part.state !== 'paying') {
        throw new DomainError(
          'PART_UNAVAILABLE',
          tab?.state === 'closed' || tab?.state === 'closing'
            ? 'This tab is closed: there is nothing left to pay'
            : 'This part of the bill can no longer be paid: look at the bill again',
        );
      }
    },
    async paid(tx, { checkout, orders, payment, by }) {
      const part = await partOfCheckout(tx, checkout.id);
      if (!part) return;
      const tab = await lockTab(tx, part.tabId);
      if (!tab) return;
      const tip = orders[0]?.tip ?? 0;
      const paid = await updatePart(tx, part.id, {
        state: 'paid',
        paidBy: checkout.customerId,
        paidAt: by.at,
        tip,
      });
      const parts = await partsOf(tx, tab.id);
      const othersPaid = parts.every((p) => p.position === 1 || p.state === 'paid');
      if (tab.state === 'settling' && othersPaid && tab.holderTip !== null) {
        // Everyone else has paid and the holder chose their tip: their part is taken now (tab-bills.ts).
        await moveTab(
          tx,
          tab,
          'closing',
          { captureAmount: parts[0]!.amount + tab.holderTip, closedBy: 'holder' },
          { ...by, reason: 'Every part paid' },
        );
      } else {
        await touchTab(tx, tab, {}, by.at);
      }
      const payer = await findCustomerById(tx, checkout.customerId);
      const restaurant = await findRestaurant(tx, tab.restaurantId);
      if (!payer) return;
      await enqueueEmail(
        tx,
        tabShareReceipt({
          to: payer.email,
          firstName: payer.firstName,
          restaurant: restaurant?.name ?? 'Sfoglia',
          part: paid.label,
          totals: [
            ['Your part', formatPence(paid.amount), 'item'],
            ['Your tip', formatPence(tip), 'tip'],
            ['You paid', formatPence(payment.amount + payment.creditAmount), 'charged'],
          ],
          link: `${publicUrl}/dine-in-view-tab?tab=${tab.id}`,
        }),
      );
    },
    async withdrawn(tx, { checkout, by }) {
      await releasePart(tx, checkout.id, by.at);
    },
    async cancelled(tx, { checkout, by }) {
      await releasePart(tx, checkout.id, by.at);
    },
  };
}

/** A share given up: its part is there to be paid again (by anyone, or by the hold at close). */
async function releasePart(tx: DbOrTx, checkoutId: string, at: Date): Promise<void> {
  const part = await partOfCheckout(tx, checkoutId);
  if (!part || part.state === 'paid') return;
  const tab = await lockTab(tx, part.tabId);
  await updatePart(tx, part.id, { state: 'unpaid', checkoutId: null, tip: 0 });
  if (tab) await touchTab(tx, tab, {}, at);
}

function rowsOf(rows: readonly ReceiptRow[]): [string, string, ReceiptRow['kind']][] {
  return rows.map((row) => [row.label, row.value, row.kind]);
}
