import { eq } from 'drizzle-orm';
import { isLowRating } from '../../../domain/ratings';
import type { DbOrTx } from '../../db/client';
import { orderRatings } from '../../db/schema/after-order';
import { enqueueEmail, enqueueEmails } from '../../integrations/email';
import { lowRatingToStaff, lowRatingToSupport } from '../../integrations/email/after-order-templates';
import { customerContact } from '../customers';
import { staffContactsOf } from '../kitchen';
import { restaurantsOf } from '../restaurants';
import type { OrderRatingRow } from './ratings.repo';

// A low rating reaches someone who can put it right (decision 30), in the transaction that gave it: a
// restaurant's order, each member of its kitchen's staff (once a rating: staff_alerted_at); a recipe-kit box
// or one of its dishes, the support inbox (when it becomes low: a rating changed from low to lower is not
// sent again).

export interface AlertParts {
  publicUrl: string;
  supportEmail: string;
  now: Date;
}

/** Tells the restaurant's staff of a low rating not yet told: true when they were told now. */
export async function alertStaff(
  tx: DbOrTx,
  rating: OrderRatingRow,
  orderNumber: number,
  parts: AlertParts,
): Promise<boolean> {
  if (!isLowRating(rating.stars) || rating.staffAlertedAt || !rating.restaurantId) return false;
  const [restaurant] = await restaurantsOf(tx, [rating.restaurantId]);
  const staff = await staffContactsOf(tx, rating.restaurantId);
  const customer = await customerContact(tx, rating.customerId);
  const link = `${parts.publicUrl}/kitchen?restaurant=${encodeURIComponent(rating.restaurantId)}`;
  await enqueueEmails(
    tx,
    staff.map((member) =>
      lowRatingToStaff({
        to: member.email,
        firstName: member.firstName,
        restaurantName: restaurant?.name ?? 'your restaurant',
        number: orderNumber,
        stars: rating.stars,
        comment: rating.comment,
        customerFirstName: customer?.firstName ?? '',
        link,
      }),
    ),
  );
  // Marked even with no staff on file: the kitchen screen shows it all the same, and one told later would
  // be told of an old rating.
  await tx.update(orderRatings).set({ staffAlertedAt: parts.now }).where(eq(orderRatings.id, rating.id));
  return true;
}

/** Tells the support inbox of a box's or a dish's rating that has just become low. */
export async function alertSupport(
  tx: DbOrTx,
  input: {
    customerId: string;
    orderNumber: number;
    stars: number;
    before: number | null;
    what: string;
    comment: string;
  },
  parts: AlertParts,
): Promise<boolean> {
  if (!isLowRating(input.stars) || (input.before !== null && isLowRating(input.before))) return false;
  const customer = await customerContact(tx, input.customerId);
  await enqueueEmail(
    tx,
    lowRatingToSupport({
      to: parts.supportEmail,
      number: input.orderNumber,
      stars: input.stars,
      what: input.what,
      comment: input.comment,
      customerEmail: customer?.email ?? 'A customer',
    }),
  );
  return true;
}
