import type { OpenTabBody, Tab } from '../../../contracts/dine-in';
import { DomainError } from '../../../domain/errors';
import { formatPence, pence } from '../../../domain/money';
import { autoCloseAt, limitProblem, roundFits, type AutoClose } from '../../../domain/tabs';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { BasketOwner } from '../../security/basket-owner';
import { deleteBasket } from '../baskets';
import { findCustomerById, type CustomerRow } from '../customers';
import {
  addOrders,
  checkoutTotalExcept,
  lockCheckout,
  placeOrders,
  recordStateChange,
  type CheckoutEndings,
  type Mover,
} from '../orders';
import type { ShopRulesCache } from '../shop';
import { prepareTableRound, roundsToKitchen, writeTableRound, type TableRound } from '../takeaway';
import { OFF_BILL, readTabParts, tabDocument } from './tab-view';
import {
  addMember,
  insertRound,
  insertTab,
  isMember,
  latestTabOf,
  liveTabOfHolder,
  lockTab,
  nextRoundNumber,
  readTab,
  roundsOf,
  tabByJoinToken,
  touchTab,
  type TabRow,
} from './tabs.repo';

// A table's tab (issue 21, decision 28): opened with its first round and the holder's card held for a limit
// they choose (POST /orders/open_tab, then POST /payments: the tab kind answers with a hold); each later
// round, by the holder or anyone who joined from the tab's link, goes to the kitchen at once if it fits under
// the limit; a higher limit is held before a round that needs it. Every write runs in one transaction in the
// money path's lock order: the diner's basket → the kitchen's slot → the tab's checkout → the tab.

export interface OpenedTab {
  tab: Tab;
  /** The order to pay with POST /payments (the hold), when one is owed. */
  payOrderId: string | null;
}

export class TabsService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly endings: CheckoutEndings,
    private readonly publicUrl: string,
  ) {}

  /** Opens a tab with the basket as its first round (or adds the basket as a round of `tabId`). */
  async openOrAdd(owner: BasketOwner, customerId: string, body: OpenTabBody): Promise<OpenedTab> {
    if (body.tabId)
      return {
        tab: await this.addRound(owner, customerId, { ...body, tabId: body.tabId }),
        payOrderId: null,
      };
    return this.open(owner, customerId, body);
  }

  private async open(owner: BasketOwner, customerId: string, body: OpenTabBody): Promise<OpenedTab> {
    const { tabs: limits } = await this.rules.get();
    const now = this.clock.now();
    const by: Mover = { actor: 'customer', at: now };
    if (body.limit === undefined) {
      throw new DomainError('TAB_LIMIT_INVALID', 'Choose how much the tab may reach', { field: 'limit' });
    }
    const limit = body.limit;
    const opened = await this.db.transaction(async (tx) => {
      // 1. The basket and a place in the kitchen, as any table's order.
      const round = await prepareTableRound(tx, owner, body.basketId, customerId, body, now);
      if (!round.restaurant.openTabCheckouts) {
        throw new DomainError(
          'BASKET_INVALID',
          `${round.restaurant.name} doesn’t run tabs: pay when you order`,
          { field: 'isOpenTab' },
        );
      }
      // 2. The holder's tab still waiting for their card: the same again is the same tab; a change replaces it.
      const existing = await liveTabOfHolder(tx, customerId);
      if (existing) {
        const kept = await this.keepOrReplace(tx, existing, round, limit, by);
        if (kept) return kept;
      }
      // 3. The limit covers the first round and the shop's ceiling; when it closes by itself.
      const problem = limitProblem(limit, pence(round.draft.total), limits.limitMax);
      if (problem) throw new DomainError('TAB_LIMIT_INVALID', problem, { field: 'limit' });
      const closesAt = autoCloseAt(now, autoCloseChoice(body.autoClose, now), {
        defaultHours: limits.autoCloseHours,
        maxHours: limits.maxHours,
      });
      // 4. The tab's checkout with its first round, the round's kitchen side, the tab and its holder.
      const customer = await findCustomerById(tx, customerId);
      const { checkout, orderIds } = await placeOrders(
        tx,
        {
          customerId,
          kind: 'dine_in_tab',
          basketId: round.basketId,
          basketVersion: round.checked.priced.basket.updatedAt,
          voucherId: null,
          subscriptionId: null,
          total: round.draft.total,
        },
        [round.draft],
        'dine_in_tab',
        by,
      );
      const orderId = orderIds[0]!;
      await writeTableRound(tx, round, orderId, { number: 1, tableNumber: round.tableNumber, now });
      const tab = await insertTab(tx, {
        restaurantId: round.restaurant.id,
        tableNumber: round.tableNumber,
        checkoutId: checkout.id,
        holderId: customerId,
        state: 'opening',
        holdLimit: limit,
        autoCloseAt: closesAt,
        openedAt: now,
        updatedAt: now,
      });
      await recordStateChange(tx, 'tab', tab.id, null, 'opening', by);
      await addMember(tx, { tabId: tab.id, customerId, name: diningName(customer), joinedAt: now });
      await insertRound(tx, { orderId, tabId: tab.id, number: 1, addedBy: customerId, createdAt: now });
      return { tab, payOrderId: orderId };
    });
    return { tab: await this.document(opened.tab, customerId), payOrderId: opened.payOrderId };
  }

  /**
   * The holder's tab that is not over: the same basket and limit again (a double tap, a retry after a
   * declined card) is that tab; a tab still waiting for its card is replaced by a changed one; a tab already
   * open is where the round belongs (409 naming it).
   */
  private async keepOrReplace(
    tx: DbOrTx,
    existing: TabRow,
    round: TableRound,
    limit: number,
    by: Mover,
  ): Promise<{ tab: TabRow; payOrderId: string } | null> {
    if (existing.state !== 'opening') {
      throw new DomainError(
        'CONFLICT',
        `You have a tab open${existing.tableNumber ? ` at table ${existing.tableNumber}` : ''}: add this to it, or close it first`,
        { tabId: existing.id },
      );
    }
    const checkout = await lockCheckout(tx, existing.checkoutId);
    const tab = await lockTab(tx, existing.id);
    if (!checkout || !tab || tab.state !== 'opening') return null;
    const [first] = await roundsOf(tx, tab.id);
    const same =
      checkout.state === 'open' &&
      checkout.basketId === round.basketId &&
      checkout.basketVersion?.getTime() === round.checked.priced.basket.updatedAt.getTime() &&
      tab.holdLimit === limit;
    if (same && first) return { tab, payOrderId: first.orderId };
    if (checkout.state === 'open') {
      await this.endings.withdraw(tx, checkout, { ...by, reason: 'Withdrawn: the tab was opened again' });
    }
    return null;
  }

  /** A round of the open tab: to the kitchen at once, when it fits under the limit held. */
  private async addRound(
    owner: BasketOwner,
    customerId: string,
    body: OpenTabBody & { tabId: string },
  ): Promise<Tab> {
    const now = this.clock.now();
    const by: Mover = { actor: 'customer', at: now };
    const before = await this.memberTab(customerId, body.tabId);
    refuseUnlessOpen(before);
    const tab = await this.db.transaction(async (tx) => {
      const round = await prepareTableRound(tx, owner, body.basketId, customerId, body, now);
      if (round.restaurant.id !== before.restaurantId) {
        throw new DomainError(
          'BASKET_INVALID',
          `Your tab is at another restaurant: order from its menu to add to it`,
          { field: 'restaurantId' },
        );
      }
      const checkout = await lockCheckout(tx, before.checkoutId);
      const locked = await lockTab(tx, before.id);
      if (!checkout || !locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
      refuseUnlessOpen(locked);
      const sofar = await checkoutTotalExcept(tx, checkout.id, OFF_BILL);
      const fits = roundFits(pence(locked.holdLimit), pence(sofar), pence(round.draft.total));
      if (!fits.fits) {
        throw new DomainError(
          'TAB_LIMIT_REACHED',
          `This takes the tab to ${formatPence(fits.needs)}, over the ${formatPence(locked.holdLimit)} held on the card. ${
            locked.holderId === customerId
              ? 'Raise the limit to order it.'
              : 'Ask whoever opened the tab to raise its limit.'
          }`,
          { needs: fits.needs, limit: locked.holdLimit },
        );
      }
      const number = await nextRoundNumber(tx, locked.id);
      const { orderIds } = await addOrders(tx, checkout, [round.draft], 'dine_in_tab', by);
      const orderId = orderIds[0]!;
      await writeTableRound(tx, round, orderId, { number, tableNumber: locked.tableNumber, now });
      await insertRound(tx, { orderId, tabId: locked.id, number, addedBy: customerId, createdAt: now });
      await roundsToKitchen(tx, [orderId], by);
      await deleteBasket(tx, round.basketId);
      return touchTab(tx, locked, {}, now);
    });
    return this.document(tab, customerId);
  }

  /** Joins a tab from its link or QR code (an account or a guest): then they add rounds and pay a part. */
  async join(customerId: string, token: string, name: string | undefined): Promise<Tab> {
    const found = await tabByJoinToken(this.db, token);
    if (!found || found.state === 'abandoned') {
      throw new DomainError('TAB_NOT_FOUND', 'This tab’s link is not right: ask for it again at your table');
    }
    if (found.state === 'closed') throw new DomainError('TAB_CLOSED', 'This tab is paid and closed');
    const now = this.clock.now();
    const tab = await this.db.transaction(async (tx) => {
      const locked = await lockTab(tx, found.id);
      if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
      if (await isMember(tx, locked.id, customerId)) return locked;
      const customer = await findCustomerById(tx, customerId);
      await addMember(tx, {
        tabId: locked.id,
        customerId,
        name: name?.trim() || diningName(customer),
        joinedAt: now,
      });
      return touchTab(tx, locked, {}, now);
    });
    return this.document(tab, customerId);
  }

  /**
   * The holder asks for a higher limit before a round that needs it: the new limit is held with POST /payments
   * on the answer's order (the tab kind answers with a hold of it), and replaces the old hold once authorised.
   */
  async raiseLimit(customerId: string, tabId: string, limit: number): Promise<OpenedTab> {
    const { tabs: limits } = await this.rules.get();
    const before = await this.memberTab(customerId, tabId);
    if (before.holderId !== customerId) {
      throw new DomainError(
        'FORBIDDEN',
        'Only whoever opened the tab can raise its limit: it is held on their card',
      );
    }
    refuseUnlessOpen(before);
    const now = this.clock.now();
    const tab = await this.db.transaction(async (tx) => {
      await lockCheckout(tx, before.checkoutId);
      const locked = await lockTab(tx, before.id);
      if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
      refuseUnlessOpen(locked);
      const sofar = await checkoutTotalExcept(tx, locked.checkoutId, OFF_BILL);
      if (limit <= locked.holdLimit) {
        throw new DomainError(
          'TAB_LIMIT_INVALID',
          `The tab already holds ${formatPence(locked.holdLimit)}: choose a higher limit`,
          { field: 'limit' },
        );
      }
      const problem = limitProblem(limit, pence(sofar), limits.limitMax);
      if (problem) throw new DomainError('TAB_LIMIT_INVALID', problem, { field: 'limit' });
      return touchTab(tx, locked, { pendingLimit: limit }, now);
    });
    const [first] = await roundsOf(this.db, tab.id);
    return { tab: await this.document(tab, customerId), payOrderId: first?.orderId ?? null };
  }

  /** The tab the customer is on: `tabId`, or their newest (a live one first). */
  async current(customerId: string, tabId?: string): Promise<TabRow> {
    if (tabId) return this.memberTab(customerId, tabId);
    const tab = await latestTabOf(this.db, customerId);
    if (!tab) throw new DomainError('TAB_NOT_FOUND', 'You don’t have a tab open');
    return tab;
  }

  async document(tab: TabRow, viewerId: string): Promise<Tab> {
    return tabDocument(this.db, await readTabParts(this.db, tab), viewerId, this.publicUrl);
  }

  /** A tab the customer is on; 404 for anyone else's (a stranger learns nothing of it). */
  async memberTab(customerId: string, tabId: string): Promise<TabRow> {
    const tab = await readTab(this.db, tabId);
    if (!tab || !(await isMember(this.db, tab.id, customerId))) {
      throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
    }
    return tab;
  }
}

/** Why a tab takes no round now, in words that say what to do. */
export function refuseUnlessOpen(tab: TabRow): void {
  switch (tab.state) {
    case 'open':
      return;
    case 'opening':
      throw new DomainError('TAB_CLOSED', 'The tab opens once the card is held: finish that first');
    case 'settling':
      throw new DomainError(
        'TAB_CLOSED',
        'The bill is being paid: cancel the split to order more, or order on a new tab',
      );
    default:
      throw new DomainError('TAB_CLOSED', 'This tab is closed: open a new one to order more');
  }
}

/** How the others at the table see someone: their first name, else the start of their email. */
export function diningName(customer: CustomerRow | null): string {
  const first = customer?.firstName.trim();
  if (first) return first.slice(0, 60);
  return customer?.email.split('@')[0]?.slice(0, 30) || 'Guest';
}

/** The holder's choice of when a forgotten tab closes: a time (today, after now), or hours. */
function autoCloseChoice(choice: OpenTabBody['autoClose'], now: Date): AutoClose {
  if (!choice) return {};
  if ('afterHours' in choice) return { afterHours: choice.afterHours };
  const at = new Date(choice.at);
  if (Number.isNaN(at.getTime()) || at <= now) {
    throw new DomainError('VALIDATION_FAILED', 'Choose a time later tonight for the tab to close', {
      field: 'autoClose',
    });
  }
  return { at };
}
