import { eq } from 'drizzle-orm';
import type {
  FeedbackBody,
  OrderFeedback,
  ProductRating,
  ProductRatingBody,
  Rating,
  RatingBody,
  RatingOrder,
  RestaurantRating,
} from '../../../contracts/ratings';
import type { ReviewSummary } from '../../../contracts/review-summaries';
import { isIsoDate, longDayLabel, londonDate, shortDayLabel } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import {
  averageOf,
  isLowRating,
  isRestaurantSource,
  RATING_EDIT_HOURS,
  ratingChangeable,
  ratingEditableUntil,
  ratingSummaryText,
} from '../../../domain/ratings';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { orderFeedback, orderRatings, productRatings } from '../../db/schema/after-order';
import { customerContact, customerContacts } from '../customers';
import { requireStaffOf } from '../kitchen';
import { productIdsOfVariants, publishedWeeks, weekMenu } from '../menu';
import { lockOrder, orderLineRowOf, orderLinesOf, orderRowOf, orderRowsOf } from '../orders';
import { readTakeawayOrder } from '../takeaway';
import { alertStaff, alertSupport, type AlertParts } from './alerts';
import { productExtIds } from './products';
import {
  feedbackOf,
  lockRating,
  productRatingOfLine,
  productSums,
  ratingById,
  ratingOfOrder,
  restaurantRatingRows,
  type OrderRatingRow,
} from './ratings.repo';
import { assertRateable, closedReason, holdsKey, orderForRating } from './received';
import { feedbackModel, productRatingModel, ratingModel } from './rating-models';

// Ratings and feedback (issue 23 parts 1 and 2; decision 30; spec §7 Ratings, Orders feedback): an order's
// stars (once; changed with PUT for RATING_EDIT_HOURS), a recipe-kit dish's stars (again within the same
// while replaces the first), the NPS answer (once), each dish's summary over all its ratings, what the rating
// page shows of an order, and a restaurant's recent ratings for its kitchen. Every write locks the order first
// (the lock order: orders, then ratings), so two first ratings sent at once take turns and the second is
// ALREADY_RATED.

/** How far back the kitchen screen's ratings go, and how many it lists. */
export const KITCHEN_RATINGS_DAYS = 30;
export const KITCHEN_RATINGS_LIMIT = 50;

const LINE_NOT_FOUND = 'We could not find that dish on your orders';
const RATING_NOT_FOUND = 'We could not find that rating';

/** "This rating was given on Tuesday 17 November: ratings can be changed for 7 days after they are given." */
function closedForChanges(givenAt: Date): string {
  return `This rating was given on ${longDayLabel(londonDate(givenAt))}: ratings can be changed for ${RATING_EDIT_HOURS / 24} days after they are given.`;
}

function alreadyRated(row: OrderRatingRow, now: Date): DomainError {
  const detail = ratingChangeable(row.createdAt, now)
    ? `You rated this order ${row.stars} of 5 on ${shortDayLabel(londonDate(row.createdAt))}. You can change your rating until ${shortDayLabel(londonDate(ratingEditableUntil(row.createdAt)))}.`
    : `You rated this order ${row.stars} of 5 on ${shortDayLabel(londonDate(row.createdAt))}.`;
  return new DomainError('ALREADY_RATED', detail, { ratingId: row.id });
}

export class RatingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly supportEmail: string,
  ) {}

  private parts(now: Date): AlertParts {
    return { publicUrl: this.publicUrl, supportEmail: this.supportEmail, now };
  }

  /** POST /ratings: the order's stars, once. */
  async rate(customerId: string | null, body: RatingBody): Promise<Rating> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const received = await orderForRating(tx, body.orderId, customerId, body.key);
      await lockOrder(tx, received.order.id);
      const existing = await ratingOfOrder(tx, received.order.id);
      if (existing) throw alreadyRated(existing, now);
      assertRateable(received, now);
      const restaurantId = isRestaurantSource(received.order.source)
        ? ((await readTakeawayOrder(tx, received.order.id))?.takeaway.restaurantId ?? null)
        : null;
      const [row] = await tx
        .insert(orderRatings)
        .values({
          orderId: received.order.id,
          customerId: received.order.customerId,
          restaurantId,
          stars: body.rating,
          comment: body.comment ?? '',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await this.alert(tx, row!, received.order.number, null);
      return ratingModel(row!);
    });
  }

  /** PUT /ratings/{id}: new stars and comment, for RATING_EDIT_HOURS after it was first given. */
  async change(
    customerId: string | null,
    id: string,
    body: { rating: number; comment?: string; key?: string },
  ): Promise<Rating> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const seen = await this.ratingFor(tx, id, customerId, body.key);
      await lockOrder(tx, seen.orderId);
      const rating = (await lockRating(tx, id))!;
      if (!ratingChangeable(rating.createdAt, now))
        throw new DomainError('RATING_CLOSED', closedForChanges(rating.createdAt));
      const [row] = await tx
        .update(orderRatings)
        .set({ stars: body.rating, comment: body.comment ?? rating.comment, updatedAt: now })
        .where(eq(orderRatings.id, id))
        .returning();
      const order = await orderRowOf(tx, rating.orderId);
      await this.alert(tx, row!, order?.number ?? 0, rating.stars);
      return ratingModel((await lockRating(tx, id))!);
    });
  }

  /** The rating, for its customer signed in or the order's key holder; anyone else: RATING_NOT_FOUND. */
  private async ratingFor(
    db: DbOrTx,
    id: string,
    customerId: string | null,
    key: string | undefined,
  ): Promise<OrderRatingRow> {
    const found = await ratingById(db, id);
    const allowed =
      found !== null &&
      ((customerId !== null && found.customerId === customerId) || (await holdsKey(db, found.orderId, key)));
    if (!found || !allowed) throw new DomainError('RATING_NOT_FOUND', RATING_NOT_FOUND);
    return found;
  }

  private async alert(tx: DbOrTx, row: OrderRatingRow, orderNumber: number, before: number | null) {
    if (row.restaurantId) {
      await alertStaff(tx, row, orderNumber, this.parts(this.clock.now()));
      return;
    }
    await alertSupport(
      tx,
      {
        customerId: row.customerId,
        orderNumber,
        stars: row.stars,
        before,
        what: 'The box',
        comment: row.comment,
      },
      this.parts(this.clock.now()),
    );
  }

  /**
   * POST /product_ratings: a dish of a recipe-kit box the customer received. Rated again within
   * RATING_EDIT_HOURS, it replaces the first (`created` false); after that, RATING_CLOSED.
   */
  async rateDish(
    customerId: string,
    body: ProductRatingBody,
  ): Promise<{ rating: ProductRating; created: boolean }> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const line = await orderLineRowOf(tx, body.lineItemId);
      if (!line) throw new DomainError('NOT_FOUND', LINE_NOT_FOUND);
      const received = await orderForRating(tx, line.orderId, customerId, undefined).catch((error) => {
        throw error instanceof DomainError && error.code === 'ORDER_NOT_FOUND'
          ? new DomainError('NOT_FOUND', LINE_NOT_FOUND)
          : error;
      });
      await lockOrder(tx, received.order.id);
      if (isRestaurantSource(received.order.source))
        throw new DomainError(
          'ORDER_INVALID',
          'A takeaway is rated as a whole order, not dish by dish: rate the order instead.',
        );
      const [productId] = line.productVariantId
        ? await productIdsOfVariants(tx, [line.productVariantId])
        : [];
      const existing = await productRatingOfLine(tx, line.id);
      if (existing) {
        if (!ratingChangeable(existing.createdAt, now))
          throw new DomainError('RATING_CLOSED', closedForChanges(existing.createdAt));
      } else {
        assertRateable(received, now);
        if (productId === undefined)
          throw new DomainError(
            'ORDER_INVALID',
            `${line.title} is no longer on our menu, so it can’t be rated. Thank you all the same.`,
          );
      }
      const comment = body.comment ?? '';
      const [row] = existing
        ? await tx
            .update(productRatings)
            .set({ stars: body.rating, comment, updatedAt: now })
            .where(eq(productRatings.id, existing.id))
            .returning()
        : await tx
            .insert(productRatings)
            .values({
              lineItemId: line.id,
              orderId: received.order.id,
              customerId: received.order.customerId,
              productId: productId!,
              stars: body.rating,
              comment,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
      await alertSupport(
        tx,
        {
          customerId: received.order.customerId,
          orderNumber: received.order.number,
          stars: row!.stars,
          before: existing?.stars ?? null,
          what: line.title,
          comment,
        },
        this.parts(now),
      );
      const extIds = await productExtIds(tx, [row!.productId]);
      return {
        rating: productRatingModel(row!, extIds.get(row!.productId) ?? String(row!.productId)),
        created: !existing,
      };
    });
  }

  /** POST /orders/{id}/feedback: the NPS answer, once, after the order arrived. */
  async giveFeedback(customerId: string | null, orderId: string, body: FeedbackBody): Promise<OrderFeedback> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const received = await orderForRating(tx, orderId, customerId, body.key);
      await lockOrder(tx, received.order.id);
      const given = await feedbackOf(tx, received.order.id);
      if (given)
        throw new DomainError(
          'FEEDBACK_ALREADY_GIVEN',
          `You told us how this order went on ${shortDayLabel(londonDate(given.createdAt))}: thank you. We ask once an order.`,
        );
      assertRateable(received, now);
      const [row] = await tx
        .insert(orderFeedback)
        .values({
          orderId: received.order.id,
          customerId: received.order.customerId,
          npsRating: body.npsRating,
          reason: body.reason ?? null,
          notes: body.notes ?? '',
          createdAt: now,
        })
        .returning();
      return feedbackModel(row!);
    });
  }

  /** GET /ratings/order/{orderId}: what the rating page shows of the order, for its customer or key holder. */
  async ratingOrder(
    customerId: string | null,
    orderId: string,
    key: string | undefined,
  ): Promise<RatingOrder> {
    const now = this.clock.now();
    const received = await orderForRating(this.db, orderId, customerId, key);
    const { order } = received;
    const takeaway = isRestaurantSource(order.source) ? await readTakeawayOrder(this.db, order.id) : null;
    const lines = takeaway
      ? takeaway.lines.map((line) => ({
          title: line.title,
          detail:
            [
              ...(line.takeaway?.modifiers ?? []).map((m) =>
                m.group === 'extra' ? `+ ${m.title}` : m.title,
              ),
              ...(line.takeaway?.note ? [`“${line.takeaway.note}”`] : []),
            ].join(', ') || null,
          quantity: line.quantity,
        }))
      : (await orderLinesOf(this.db, [order.id])).map((line) => ({
          title: line.title,
          detail: line.variantTitle || null,
          quantity: line.quantity,
        }));
    const rating = await ratingOfOrder(this.db, order.id);
    const feedback = await feedbackOf(this.db, order.id);
    const reason = closedReason(received, now);
    return {
      orderId: order.id,
      number: order.number,
      restaurantName: takeaway?.restaurant.name ?? null,
      fulfillmentType: takeaway?.takeaway.fulfillmentType ?? null,
      deliveredAt: received.deliveredAt?.toISOString() ?? null,
      lines,
      firstName: (await customerContact(this.db, order.customerId))?.firstName ?? '',
      rating: rating ? ratingModel(rating) : null,
      open: !rating && reason === null,
      closedReason: rating ? null : reason,
      changeable: rating ? ratingChangeable(rating.createdAt, now) : false,
      feedback: feedback ? feedbackModel(feedback) : null,
    };
  }

  /**
   * GET /weekly_menus/{id}/review_summary: every dish on the week's menu with its average and count over
   * all of its ratings, whatever week they were given in.
   */
  async reviewSummary(week: string): Promise<ReviewSummary[]> {
    if (!isIsoDate(week) || !(await publishedWeeks(this.db, [week])).has(week))
      throw new DomainError('NOT_FOUND', `There is no menu for the week of ${week}`);
    const dishes = await weekMenu(this.db, week);
    const ids = dishes.map((dish) => dish.productId);
    const [extIds, sums] = [await productExtIds(this.db, ids), await productSums(this.db, ids)];
    return dishes.map((dish) => {
      const id = extIds.get(dish.productId) ?? String(dish.productId);
      const { count, total } = sums.get(dish.productId) ?? { count: 0, total: 0 };
      const average = averageOf(total, count);
      return { id, productId: id, average, count, text: ratingSummaryText({ average, count }) };
    });
  }

  /** GET /kitchen/restaurants/{id}/ratings: the restaurant's recent ratings, for its staff only. */
  async restaurantRatings(
    staffId: string,
    restaurantId: string,
  ): Promise<{ ratings: RestaurantRating[]; average: number | null; count: number; text: string }> {
    const restaurant = await requireStaffOf(this.db, staffId, restaurantId);
    const since = new Date(this.clock.now().getTime() - KITCHEN_RATINGS_DAYS * 86_400_000);
    const rows = await restaurantRatingRows(this.db, restaurant.id, since, KITCHEN_RATINGS_LIMIT);
    const orders = await orderRowsOf(
      this.db,
      rows.map((row) => row.orderId),
    );
    const people = await customerContacts(
      this.db,
      rows.map((row) => row.customerId),
    );
    const total = rows.reduce((sum, row) => sum + row.stars, 0);
    const average = averageOf(total, rows.length);
    return {
      ratings: rows.map((row) => ({
        id: row.id,
        orderId: row.orderId,
        orderNumber: orders.get(row.orderId)?.number ?? 0,
        rating: row.stars,
        comment: row.comment,
        firstName: people.get(row.customerId)?.firstName ?? '',
        low: isLowRating(row.stars),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
      average,
      count: rows.length,
      text: ratingSummaryText({ average, count: rows.length }),
    };
  }
}
