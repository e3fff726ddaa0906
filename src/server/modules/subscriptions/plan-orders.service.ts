import { eq } from 'drizzle-orm';
import { londonDate, weekdayOf, weekStartOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { orderChanges } from '../../../domain/orders';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { scheduleWeeks } from '../../db/schema/subscriptions';
import type { BasketOwner } from '../../security/basket-owner';
import { BASKET_GONE, findOwnedBasket, readLines, removeWeekFromBasket } from '../baskets';
import { addressSnapshot, customerAddress } from '../customers';
import { assertDeliverable, deliveryDaysOf } from '../delivery';
import { changeOrderDelivery, customerOrderRow, lockCheckout, rewriteOrder } from '../orders';
import type { ShopRulesCache } from '../shop';
import { customerUsageProblem, findVoucherByCode, toTerms } from '../vouchers';
import { weekMenu } from '../menu';
import { lockPlanForChange, type PlanContext } from './plan-ahead';
import { recordReceipt, theWeekOf } from './plan-receipts';
import type { ScheduleService } from './schedule.service';
import { boxChoice, priceBox } from './week-boxes';
import { assertWeekOpen, boxVoucher, ownedWeek, planBoxOf, setBox, syncWeek } from './week-changes';

// The order calls that change a plan's box or an order on its way (spec §7 Orders; issue 12 part 1):
// its day, address, voucher, the chef's selection, and dishes from a basket put into an upcoming box.
// Another customer's order is not found (404). Orders are read here and changed through the plan's rules.

const ORDER_GONE = 'We were unable to process your request';

export class PlanOrdersService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly schedule: ScheduleService,
  ) {}

  private async context(): Promise<PlanContext> {
    const now = this.clock.now();
    return { rules: await this.rules.get(), now, today: londonDate(now), by: { actor: 'customer', at: now } };
  }

  private async ownedOrder(db: DbOrTx, customerId: string, orderId: string) {
    const order = await customerOrderRow(db, customerId, orderId);
    if (!order) throw new DomainError('ORDER_NOT_FOUND', ORDER_GONE);
    return order;
  }

  private async weekOf(db: DbOrTx, orderId: string) {
    const [week] = await db.select().from(scheduleWeeks).where(eq(scheduleWeeks.orderId, orderId));
    return week ?? null;
  }

  /** POST /orders/{id}/delivery_date: another day of the same week, while the order's day can still move. */
  async deliveryDate(customerId: string, orderId: string, date: IsoDate): Promise<void> {
    const order = await this.ownedOrder(this.db, customerId, orderId);
    const week = await this.weekOf(this.db, orderId);
    if (week) return this.schedule.moveWeekOfOrder(customerId, week.id, date);
    const now = this.clock.now();
    if (!orderChanges(order, now).dateEditable) {
      throw new DomainError('ORDER_INVALID', 'The delivery day of this order can no longer change');
    }
    if (weekStartOf(date) !== weekStartOf(order.deliveryDate as IsoDate)) {
      throw new DomainError('DELIVERY_DATE_UNAVAILABLE', 'Choose a delivery day in the same week');
    }
    await this.db.transaction(async (tx) => {
      const lines = await boxChoice(tx, order.id);
      await assertDeliverable(tx, {
        postcode: order.shippingAddress.zip ?? '',
        deliveryDate: date,
        productVariantIds: lines.map((line) => line.variantId),
        now,
        kind: order.source === 'one_off' ? 'one-off' : 'plan',
      });
      await changeOrderDelivery(tx, [order.id], { deliveryDate: date }, now);
    });
  }

  /** PUT /orders/{id}/shipping_address/{addressId}: until the box is dispatched, to a place we deliver that day. */
  async shippingAddress(customerId: string, orderId: string, addressId: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const order = await this.ownedOrder(tx, customerId, orderId);
      await lockCheckout(tx, order.checkoutId);
      if (!orderChanges(order, now).addressEditable) {
        throw new DomainError(
          'ORDER_INVALID',
          'This box has been dispatched: its address can no longer change',
        );
      }
      const address = await customerAddress(tx, customerId, addressId);
      if (!address.zip || !address.address1) {
        throw new DomainError('ORDER_INVALID', 'Add a delivery address with a street and postcode');
      }
      if (!deliveryDaysOf(address.zip).includes(weekdayOf(order.deliveryDate as IsoDate))) {
        throw new DomainError(
          'DELIVERY_DATE_UNAVAILABLE',
          `Our courier doesn’t deliver to ${address.zip} on the day of this box. Change its day first.`,
        );
      }
      await changeOrderDelivery(tx, [order.id], { shippingAddress: addressSnapshot(address) }, now);
      const week = await this.weekOf(tx, order.id);
      if (week) {
        const { plan } = await ownedWeek(tx, customerId, week.id);
        await recordReceipt(
          tx,
          plan,
          {
            action: 'address_changed',
            summary: `Sent the box for ${theWeekOf(week.startDate)} to ${[address.address1, address.zip].join(', ')}`,
            weeks: [week.startDate],
          },
          { actor: 'customer', at: now },
          this.publicUrl,
        );
      }
    });
  }

  /** A plan's box (its week open) for a change of voucher or dishes, with its plan locked. */
  private async changeBox(
    customerId: string,
    orderId: string,
    work: (tx: DbOrTx, ids: { weekId: string; planId: string }, context: PlanContext) => Promise<void>,
  ): Promise<void> {
    const context = await this.context();
    await this.db.transaction(async (tx) => {
      const order = await this.ownedOrder(tx, customerId, orderId);
      const week = await this.weekOf(tx, order.id);
      if (!week || order.source !== 'subscription') {
        throw new DomainError(
          'ORDER_INVALID',
          'Only the coming boxes of your pasta plan can change like this',
        );
      }
      await lockPlanForChange(tx, week.subscriptionId, context.now, customerId);
      await work(tx, { weekId: week.id, planId: week.subscriptionId }, context);
    });
  }

  /** POST /orders/{id}/voucher: a discount code on a plan's coming box (redeemed when it is charged). */
  async applyVoucher(customerId: string, orderId: string, code: string): Promise<void> {
    await this.changeBox(customerId, orderId, async (tx, { weekId }, context) => {
      const { week, plan } = await ownedWeek(tx, customerId, weekId);
      assertWeekOpen(plan, week, context.now);
      const box = (await planBoxOf(tx, week))!;
      const row = await findVoucherByCode(tx, normaliseVoucherCode(code));
      const terms = row ? toTerms(row) : null;
      if (!row || !terms) throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.invalidCode);
      const problem = await customerUsageProblem(tx, row, customerId);
      if (problem) throw new DomainError('VOUCHER_INVALID', problem);
      const menu = await weekMenu(tx, week.startDate);
      const priced = priceBox(menu, await boxChoice(tx, box.id), {
        weekStart: week.startDate as IsoDate,
        deliveryDate: week.deliveryDate as IsoDate,
        rules: context.rules,
        voucher: { ...terms, id: row.id },
        today: context.today,
        voucherMustApply: true,
      });
      await rewriteOrder(tx, box, priced, context.now);
      await recordReceipt(
        tx,
        plan,
        {
          action: 'voucher_applied',
          summary: `Added the code ${row.code} to the box for ${theWeekOf(week.startDate)}`,
          weeks: [week.startDate],
        },
        context.by,
        this.publicUrl,
      );
    });
  }

  /** POST /orders/{id}/remove_voucher. */
  async removeVoucher(customerId: string, orderId: string): Promise<void> {
    await this.changeBox(customerId, orderId, async (tx, { weekId }, context) => {
      const { week, plan } = await ownedWeek(tx, customerId, weekId);
      assertWeekOpen(plan, week, context.now);
      const box = (await planBoxOf(tx, week))!;
      if (!box.voucherId) return;
      const previous = await boxVoucher(tx, box.voucherId);
      const menu = await weekMenu(tx, week.startDate);
      const priced = priceBox(menu, await boxChoice(tx, box.id), {
        weekStart: week.startDate as IsoDate,
        deliveryDate: week.deliveryDate as IsoDate,
        rules: context.rules,
        voucher: null,
        today: context.today,
      });
      await rewriteOrder(tx, box, priced, context.now);
      await recordReceipt(
        tx,
        plan,
        {
          action: 'voucher_removed',
          summary: `Removed the code ${previous?.code ?? ''} from the box for ${theWeekOf(week.startDate)}`,
          weeks: [week.startDate],
        },
        context.by,
        this.publicUrl,
      );
    });
  }

  /** POST /orders/{id}/chef_selections: the chef chooses the box's dishes again. */
  async chefSelections(customerId: string, orderId: string): Promise<void> {
    const order = await this.ownedOrder(this.db, customerId, orderId);
    const week = await this.weekOf(this.db, order.id);
    if (!week || order.source !== 'subscription') {
      throw new DomainError('ORDER_INVALID', 'Only the coming boxes of your pasta plan can change like this');
    }
    await this.schedule.chefSelections(customerId, week.id);
  }

  /**
   * POST /orders: a customer with a plan puts a basket's dishes for one week into that week's box (charged
   * with it at the cutoff), instead of paying for them now or starting a second plan. The basket's lines
   * for that week move into the box; the rest of the basket stays.
   */
  async addBasketToWeek(
    owner: BasketOwner,
    customerId: string,
    body: { basketId: string; scheduleWeekId: string },
  ): Promise<{ orderId: string }> {
    const context = await this.context();
    return this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, body.basketId, { lock: true });
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const { week: found } = await ownedWeek(tx, customerId, body.scheduleWeekId);
      const plan = await lockPlanForChange(tx, found.subscriptionId, context.now, customerId);
      let [week] = await tx.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, found.id));
      assertWeekOpen(plan, week!, context.now);
      const lines = (await readLines(tx, [basket.id])).filter(
        (line) => line.mealWeek === week!.startDate && line.quantity > 0,
      );
      if (lines.length === 0) {
        throw new DomainError(
          'BASKET_EMPTY',
          `Your basket has no dishes for ${theWeekOf(week!.startDate)}. Add some from that week’s menu.`,
        );
      }
      if (week!.state === 'skipped') {
        await tx.update(scheduleWeeks).set({ state: 'active' }).where(eq(scheduleWeeks.id, week!.id));
        week = await syncWeek(tx, plan, week!.id, context);
      }
      const existing = week!.orderId ? await planBoxOf(tx, week!) : null;
      const choice = existing ? await boxChoice(tx, existing.id) : [];
      for (const line of lines) {
        choice.push({ variantId: Number(line.variantId), quantity: line.quantity });
      }
      // The box keeps the chef's dishes it had and adds the basket's: from now on it is the customer's own.
      const orderId = await setBox(tx, plan, week!, choice, context);
      if (!orderId) throw new DomainError('WEEK_UNAVAILABLE', 'We can’t make a box for this week');
      await removeWeekFromBasket(tx, basket.id, week!.startDate, context.now);
      await recordReceipt(
        tx,
        plan,
        {
          action: 'dishes_added',
          summary: `Added ${lines.reduce((n, line) => n + line.quantity, 0)} dishes from the basket to the box for ${theWeekOf(week!.startDate)}`,
          weeks: [week!.startDate],
        },
        context.by,
        this.publicUrl,
      );
      return { orderId };
    });
  }
}
