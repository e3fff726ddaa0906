import type { SplitBody, Tab } from '../../../contracts/dine-in';
import { DomainError } from '../../../domain/errors';
import { pence } from '../../../domain/money';
import { tipProblem } from '../../../domain/tabs';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  checkoutTotalExcept,
  firstOrderOf,
  lockCheckout,
  lockCheckouts,
  placeOrders,
  setCheckoutTotal,
  type CheckoutEndings,
  type Mover,
} from '../orders';
import { lockPaymentsInFlight } from '../payments';
import { findRestaurant } from '../restaurants';
import { checkTip, refuseClosed, refuseOverLimit, refuseStartedParts } from './bill-refusals';
import { shareDraft } from './share-draft';
import { splitParts } from './split-parts';
import { OFF_BILL, readTabParts } from './tab-view';
import type { TabsService } from './tabs.service';
import {
  dueTabs,
  isMember,
  lockTab,
  moveTab,
  partsOf,
  readPart,
  readTab,
  replaceParts,
  touchTab,
  updatePart,
  type PartRow,
  type TabRow,
} from './tabs.repo';

// Paying a tab (issue 21 parts 2, 4 and 5; decision 28). The holder closes it with a tip and the hold is
// captured once for the bill and the tip; or the bill is split into parts, each other part paid by whoever
// opens it as a share (its own checkout, paid with POST /payments), and the holder's part taken from the hold
// last, once every other part is paid, so the hold covers whatever nobody paid; or the clock (or the staff,
// for a table that left) closes it for what was ordered with no tip, taking any unpaid parts from the hold.
// The capture itself is payments' (`captureHeld`, one capture whatever retries); when it is recorded the tab
// kind closes the tab (tab-kinds.ts).

/** What closing needs from payments (PaymentsService; services.ts wires it). */
export interface TabPayments {
  captureHeld(checkoutId: string, amount: number, actor: string): Promise<{ status: string }>;
  cancelAbandonedIntents(customerId?: string, actor?: string): Promise<number>;
}

export class TabBillsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly endings: CheckoutEndings,
    private readonly payments: TabPayments,
    private readonly tabs: TabsService,
  ) {}

  /** The holder splits the bill into parts (or splits it again while nobody has paid a part). */
  async split(customerId: string, body: SplitBody): Promise<Tab> {
    const before = await this.holderTab(customerId, body.tabId, 'split the bill');
    const now = this.clock.now();
    const tab = await this.db.transaction(async (tx) => {
      await lockCheckout(tx, before.checkoutId);
      const locked = await lockTab(tx, before.id);
      if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
      if (locked.state !== 'open' && locked.state !== 'settling') refuseClosed(locked);
      if (locked.state === 'settling') refuseStartedParts(await partsOf(tx, locked.id));
      const read = await readTabParts(tx, locked);
      const parts = splitParts(read, body.split);
      await replaceParts(tx, locked.id, parts);
      return moveTab(tx, locked, 'settling', { split: body.split.kind, holderTip: null }, byCustomer(now));
    });
    return this.tabs.document(tab, customerId);
  }

  /** Back to one bill, while nobody has started paying a part. */
  async cancelSplit(customerId: string, tabId: string): Promise<Tab> {
    const before = await this.holderTab(customerId, tabId, 'change the split');
    const now = this.clock.now();
    const tab = await this.db.transaction(async (tx) => {
      await lockCheckout(tx, before.checkoutId);
      const locked = await lockTab(tx, before.id);
      if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
      if (locked.state === 'open') return locked;
      if (locked.state !== 'settling') refuseClosed(locked);
      refuseStartedParts(await partsOf(tx, locked.id));
      await replaceParts(tx, locked.id, []);
      return moveTab(tx, locked, 'open', { split: null, holderTip: null }, byCustomer(now));
    });
    return this.tabs.document(tab, customerId);
  }

  /**
   * Someone at the table pays a part that is not the holder's: the part becomes a share (its own checkout,
   * the part and their tip) to pay with POST /payments. The same payer and tip again is the same share; a
   * share nobody started paying is taken over; one being paid right now is refused.
   */
  async payPart(customerId: string, partId: string, tip: number): Promise<{ tab: Tab; payOrderId: string }> {
    const seen = await readPart(this.db, partId);
    // A part of a tab the customer is not on is not found, exactly as one that does not exist.
    const before = seen ? await readTab(this.db, seen.tabId) : null;
    if (!seen || !before || !(await isMember(this.db, before.id, customerId))) {
      throw new DomainError('PART_NOT_FOUND', 'We could not find that part of the bill');
    }
    if (seen.position === 1) {
      throw new DomainError(
        'PART_UNAVAILABLE',
        'This part is taken from the card held for the tab: whoever opened it pays it when closing',
      );
    }
    const problem = tipProblem(tip, pence(seen.amount));
    if (problem) throw new DomainError('TIP_INVALID', problem, { field: 'tip' });
    const now = this.clock.now();
    const by = byCustomer(now);
    const restaurant = await findRestaurant(this.db, before.restaurantId);
    if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', 'That restaurant is no longer open');
    await this.payments.cancelAbandonedIntents(customerId).catch(() => 0);
    const placed = await this.db.transaction(async (tx) => {
      const share = seen.checkoutId ? await lockCheckout(tx, seen.checkoutId) : null;
      // Someone else is paying it right now (a 3-D Secure check, a PayPal approval, a charge being answered).
      if (
        share?.state === 'open' &&
        share.customerId !== customerId &&
        (await lockPaymentsInFlight(tx, share.id))
      ) {
        throw new DomainError(
          'PART_UNAVAILABLE',
          'Someone is paying this part right now: look at the bill again',
        );
      }
      const tab = await lockTab(tx, seen.tabId);
      const part = await readPart(tx, partId);
      if (!tab || !part) throw new DomainError('PART_NOT_FOUND', 'We could not find that part of the bill');
      if (part.checkoutId !== seen.checkoutId) {
        throw new DomainError(
          'PART_UNAVAILABLE',
          'Someone has just started paying this part: look at the bill again',
        );
      }
      if (tab.state !== 'settling') refuseClosed(tab);
      if (part.state === 'paid') throw new DomainError('PART_UNAVAILABLE', 'This part is paid already');
      if (share && share.state === 'open') {
        const mine = share.customerId === customerId && share.total === part.amount + tip;
        if (mine) return { tab, orderId: (await firstOrderOf(tx, share.id))!.id };
        // Another's share nobody is paying now, or mine with another tip: given up for this one.
        await this.endings.withdraw(tx, share, {
          ...by,
          reason: 'Withdrawn: someone else is paying this part',
        });
      }
      const { orderIds, checkout } = await placeOrders(
        tx,
        {
          customerId,
          kind: 'dine_in_share',
          basketId: null,
          basketVersion: null,
          voucherId: null,
          subscriptionId: null,
          total: part.amount + tip,
        },
        [shareDraft(part, tab, restaurant, tip, now)],
        'dine_in_share',
        by,
      );
      await updatePart(tx, part.id, { state: 'paying', checkoutId: checkout.id, tip });
      return { tab: await touchTab(tx, tab, {}, now), orderId: orderIds[0]! };
    });
    return { tab: await this.tabs.document(placed.tab, customerId), payOrderId: placed.orderId };
  }

  /**
   * The holder pays: with one bill, the hold is captured for it and the tip; with a split, their part and
   * tip are taken once every other part is paid (at once when they are, or with `coverRest` the parts
   * still unpaid are taken too).
   */
  async close(customerId: string, tabId: string, tip: number, coverRest = false): Promise<Tab> {
    const before = await this.holderTab(customerId, tabId, 'close it');
    const now = this.clock.now();
    const tab = await this.db.transaction(async (tx) => {
      const { locked, parts } = await this.lockForClosing(tx, before);
      if (locked.state === 'closing' && locked.holderTip === tip) return locked;
      if (locked.state !== 'open' && locked.state !== 'settling') refuseClosed(locked);
      const by = byCustomer(now);
      if (locked.state === 'open') {
        const food = await checkoutTotalExcept(tx, locked.checkoutId, OFF_BILL);
        const amount = food + checkTip(tip, food);
        refuseOverLimit(locked, amount, 'Your tip takes the bill');
        return moveTab(
          tx,
          locked,
          'closing',
          { holderTip: tip, captureAmount: amount, closedBy: 'holder' },
          by,
        );
      }
      const own = parts[0]!;
      checkTip(tip, own.amount);
      const unpaid = parts.filter((part) => part.position > 1 && part.state !== 'paid');
      if (unpaid.length > 0 && !coverRest) {
        // Taken when the last part is paid: their part and tip must fit the hold now.
        refuseOverLimit(locked, own.amount + tip, 'Your tip takes your part', 'Choose a smaller tip.');
        return touchTab(tx, locked, { holderTip: tip }, now);
      }
      await this.giveUpShares(tx, unpaid, by);
      const amount = own.amount + unpaid.reduce((sum, part) => sum + part.amount, 0) + tip;
      refuseOverLimit(locked, amount, 'This takes the bill');
      await coverParts(tx, locked, unpaid, now);
      return moveTab(
        tx,
        locked,
        'closing',
        { holderTip: tip, captureAmount: amount, closedBy: 'holder' },
        by,
      );
    });
    return this.tabs.document(await this.finishClosing(tab, 'customer'), customerId);
  }

  /**
   * A tab nobody closed: by the clock at its time, or by the staff for a table that left. What was ordered
   * is taken from the hold with no tip added (a tip the holder chose for their part stays); parts others are
   * paying right now are given up (their money, if taken meanwhile, goes straight back); never more than
   * the hold. Answers the tab, or null when there was nothing to close.
   */
  async closeForgotten(
    tabId: string,
    closedBy: 'clock' | 'staff',
    actor: string,
    staffId: string | null = null,
  ): Promise<TabRow | null> {
    const before = await readTab(this.db, tabId);
    if (!before || (before.state !== 'open' && before.state !== 'settling')) return before;
    const now = this.clock.now();
    const by: Mover = {
      actor,
      at: now,
      reason: closedBy === 'clock' ? 'The tab’s time ran out' : 'Closed by the staff',
    };
    const tab = await this.db.transaction(async (tx) => {
      const { locked, parts } = await this.lockForClosing(tx, before);
      if (locked.state !== 'open' && locked.state !== 'settling') return locked;
      if (closedBy === 'clock' && locked.autoCloseAt > now) return locked;
      const unpaid = parts.filter((part) => part.position > 1 && part.state !== 'paid');
      await this.giveUpShares(tx, unpaid, by);
      await coverParts(tx, locked, unpaid, now);
      const owed =
        locked.state === 'settling'
          ? parts[0]!.amount + unpaid.reduce((sum, part) => sum + part.amount, 0) + (locked.holderTip ?? 0)
          : await checkoutTotalExcept(tx, locked.checkoutId, OFF_BILL);
      return moveTab(
        tx,
        locked,
        'closing',
        {
          captureAmount: Math.min(owed, locked.holdLimit),
          holderTip: locked.state === 'settling' ? (locked.holderTip ?? 0) : 0,
          closedBy,
          closedByStaff: staffId,
        },
        by,
      );
    });
    return this.finishClosing(tab, actor);
  }

  /**
   * A closing tab's capture: its checkout set to what the holder's card is charged, then captured once
   * (payments: the same call again is the same capture). When it is recorded the tab kind closes the tab.
   */
  async finishClosing(tab: TabRow, actor: string): Promise<TabRow> {
    if (tab.state !== 'closing' || tab.captureAmount === null) return tab;
    const amount = tab.captureAmount;
    await this.db.transaction(async (tx) => {
      const checkout = await lockCheckout(tx, tab.checkoutId);
      if (checkout?.state === 'open' && checkout.total !== amount) {
        await setCheckoutTotal(tx, checkout.id, amount, this.clock.now());
      }
    });
    try {
      await this.payments.captureHeld(tab.checkoutId, amount, actor);
    } catch {
      // The processor did not answer: the capture is asked for under its key, and payments-recover (or the
      // tabs job) finishes it. The tab shows as closing until then, rather than the close failing.
    }
    return (await readTab(this.db, tab.id)) ?? tab;
  }

  /**
   * A tab looked at whose time ran out, or whose capture waits (every part just paid), is closed now rather
   * than at the job's next pass; what fails is left to the job.
   */
  async settleOwn(tab: TabRow): Promise<TabRow> {
    try {
      if (tab.state === 'closing') return await this.finishClosing(tab, 'customer');
      if ((tab.state === 'open' || tab.state === 'settling') && tab.autoCloseAt <= this.clock.now()) {
        return (await this.closeForgotten(tab.id, 'clock', 'job:tabs-close')) ?? tab;
      }
    } catch {
      // The job tries again within a minute.
    }
    return tab;
  }

  /** The `tabs-close` job: tabs whose time ran out are closed, captures asked for are finished. */
  async closeDue(): Promise<number> {
    let closed = 0;
    for (const tab of await dueTabs(this.db, this.clock.now())) {
      try {
        const after =
          tab.state === 'closing'
            ? await this.finishClosing(tab, 'job:tabs-close')
            : await this.closeForgotten(tab.id, 'clock', 'job:tabs-close');
        if (after?.state === 'closed') closed += 1;
      } catch {
        // A share still waiting for the processor, or the processor down: the next pass tries again.
      }
    }
    return closed;
  }

  /** The tab's checkout and every share being paid, locked (checkouts in id order), then the tab. */
  private async lockForClosing(tx: DbOrTx, before: TabRow): Promise<{ locked: TabRow; parts: PartRow[] }> {
    const seen = await partsOf(tx, before.id);
    const shares = seen.flatMap((part) =>
      part.checkoutId && part.state === 'paying' ? [part.checkoutId] : [],
    );
    await lockCheckouts(tx, [before.checkoutId, ...shares]);
    const locked = await lockTab(tx, before.id);
    if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
    return { locked, parts: await partsOf(tx, locked.id) };
  }

  /** Shares of unpaid parts being paid are given up: the hold takes those parts now. */
  private async giveUpShares(tx: DbOrTx, unpaid: readonly PartRow[], by: Mover): Promise<void> {
    for (const part of unpaid) {
      if (!part.checkoutId) continue;
      const share = await lockCheckout(tx, part.checkoutId);
      if (share?.state === 'open') {
        await this.endings.withdraw(tx, share, { ...by, reason: 'Withdrawn: the tab was closed' });
      }
    }
  }

  private async holderTab(customerId: string, tabId: string, what: string): Promise<TabRow> {
    const tab = await this.tabs.memberTab(customerId, tabId);
    if (tab.holderId !== customerId) {
      throw new DomainError(
        'FORBIDDEN',
        `Only whoever opened the tab can ${what}: it is on their card. Pay your own part from the bill.`,
      );
    }
    if (tab.state === 'closed') throw new DomainError('TAB_CLOSED', 'This tab is paid and closed');
    return tab;
  }
}

const byCustomer = (at: Date): Mover => ({ actor: 'customer', at });

/** Parts nobody paid, taken from the hold: paid by the holder, with no tip. */
async function coverParts(tx: DbOrTx, tab: TabRow, unpaid: readonly PartRow[], at: Date): Promise<void> {
  for (const part of unpaid) {
    await updatePart(tx, part.id, {
      state: 'paid',
      paidBy: tab.holderId,
      paidAt: at,
      tip: 0,
      checkoutId: null,
    });
  }
}
