import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../shared/router';
import type { EventBookingBody } from '../../../contracts/events';
import { formatPence } from '../../../domain/money';
import type { ReceiptRow } from '../../../domain/receipt';
import { useFinishPayment } from '../../app/use-finish-payment';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { forgetBookingDraft, guestsOf, upgradeChoices } from '../../features/events/booking-draft';
import { BookingFacts } from '../../features/events/booking-summary';
import { clockLabel } from '../../features/events/format';
import { RefundRule } from '../../features/events/refund-rule';
import { bookingPath } from '../../features/events/slot-list';
import { themePath } from '../../features/events/theme-card';
import { ordersApi, type OrderList } from '../../features/orders/orders.queries';
import { PaySection } from '../../features/payments/pay-section';
import { confirmingOrderOf, type PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { isApiError, isRefusal, NetworkError, type ApiError } from '../../shared/api/client';
import { randomId } from '../../shared/random-id';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { ReceiptTotals } from '../../shared/ui/receipt-totals';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/orders/orders.css';
import { ADDONS } from './guards';
import { useDraftBooking } from './use-draft-booking';

// The events checkout's payment (spec §2 payment; decision 29): the booking is placed on arrival
// (POST /orders/events: one order of seats and add-ons, the seats held for 15 minutes while it is paid; the
// same booking again is the same order), so the page says until when the seats are held and shows the
// order's own lines. The refund rule is said once more right above "Pay", which pays with the shop's pay
// section (store credit, saved cards, a new card, PayPal). Paid: on to the order's page. A full or closed
// date, too many guests or an add-on no longer offered say what to do instead.

interface Placed {
  signature: string;
  list: OrderList;
  /** When the seats stop being held: the server's hold_expires_at (a repeat of the same booking tops it up). */
  heldUntil: Date | null;
}

/** What went wrong placing, in words that say what to do, and which way on. */
function placeProblem(error: unknown): { text: string; to: 'dates' | 'guests' | 'addons' | null } {
  if (isApiError(error, 'EVENT_SLOT_FULL', 'EVENT_SLOT_CLOSED')) return { text: error.message, to: 'dates' };
  if (isApiError(error, 'EVENT_GUESTS_INVALID')) return { text: error.message, to: 'guests' };
  if (isApiError(error, 'EVENT_UPGRADE_INVALID')) return { text: error.message, to: 'addons' };
  if (isRefusal(error)) return { text: (error as ApiError).message, to: null };
  if (error instanceof NetworkError) return { text: `${error.message} Nothing has been charged.`, to: null };
  return {
    text: 'We couldn’t place your booking just now. Nothing has been charged: please try again in a moment.',
    to: null,
  };
}

const lineRows = (list: OrderList): ReceiptRow[] => {
  const order = list.orders[0];
  const rows: ReceiptRow[] = (order?.lineItems ?? []).map((line) => ({
    label: `${line.title} × ${line.quantity}`,
    value: formatPence(line.total),
    kind: 'item',
  }));
  rows.push({ label: 'Total', value: formatPence(list.checkout?.total ?? order?.total ?? 0), kind: 'total' });
  return rows;
};

export function EventsPaymentStep() {
  usePageMeta('Book: payment');
  useCheckoutStep(5, 'events');
  const { draft, slot, template, location } = useDraftBooking();
  const settings = useQuery(shopQueries.settings());
  const ending = useFinishPayment();
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [problem, setProblem] = useState<ReturnType<typeof placeProblem> | null>(null);
  // Paying takes the seats again when the hold ran out: a date gone meanwhile says so, with another date.
  const payment = usePayOrder(ending.confirmed, (error) => {
    const found = placeProblem(error);
    if (found.to) setProblem(found);
    return found.text;
  });
  const attempt = useRef<{ signature: string; key: string; running: boolean } | null>(null);

  const body: EventBookingBody | null = draft
    ? {
        slotId: draft.slotId,
        adults: draft.adults,
        children: draft.children,
        upgrades: upgradeChoices(draft),
      }
    : null;
  const signature = body ? JSON.stringify(body) : '';
  const current = placed && placed.signature === signature ? placed : null;
  const holdMinutes = settings.data?.events.holdMinutes ?? 15;

  const place = async () => {
    if (!body) return;
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: randomId(), running: false };
    }
    if (attempt.current.running) return;
    attempt.current.running = true;
    setProblem(null);
    try {
      const list = await ordersApi.placeEventBooking(body, attempt.current.key);
      // The shop says until when it holds the seats; the shop's clock plus the hold only if it did not.
      const held = list.checkout?.holdExpiresAt;
      const now = settings.data ? shopNow(settings.data) : null;
      setPlaced({
        signature,
        list,
        heldUntil: held ? new Date(held) : now ? new Date(now.getTime() + holdMinutes * 60_000) : null,
      });
    } catch (error) {
      const confirming = confirmingOrderOf(error);
      if (confirming) {
        await payment.follow(confirming);
        return;
      }
      // The shop keeps a refusal under its key: the next try is a new attempt.
      if (isRefusal(error)) attempt.current = null;
      setProblem(placeProblem(error));
    } finally {
      if (attempt.current) attempt.current.running = false;
    }
  };

  // Placed once on arrival (and again when the booking changed), after the shop's clock is known.
  useEffect(() => {
    if (body && settings.isSuccess && !current) void place();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, settings.isSuccess]);

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (!current || !payment.begin(missingMethod)) return;
    const orderId = current.list.orders[0]!.id;
    const doneAt = `/order/${orderId}`;
    if (current.list.checkout?.state === 'paid') {
      await ending.finish(current.list, doneAt);
      forgetBookingDraft();
      return;
    }
    await payment.pay(orderId, how, doneAt, forgetBookingDraft);
  };

  if (!draft || slot.isPending || template.isPending) {
    return <CheckoutFrame title="Payment" loading="Loading your booking" />;
  }
  const guests = guestsOf(draft);
  const templateId = draft.templateId;

  return (
    <CheckoutFrame title="Payment">
      <section className="checkout-card" aria-labelledby="ev-pay-booking">
        <div className="checkout-card__header">
          <h2 id="ev-pay-booking">Your booking</h2>
          <Link to={ADDONS}>
            Change<span className="visually-hidden"> the extras</span>
          </Link>
        </div>
        {slot.data ? (
          <BookingFacts
            slot={slot.data}
            location={location}
            adults={draft.adults}
            children={draft.children}
          />
        ) : null}
        {current ? (
          <>
            <ReceiptTotals rows={lineRows(current.list)} label="Price" />
            <p className="ev-hold" role="status">
              We’re holding your {guests === 1 ? 'seat' : `${guests} seats`} for {holdMinutes} minutes
              {current.heldUntil ? `, until ${clockLabel(current.heldUntil.toISOString())}` : ''}. Pay before
              then to keep {guests === 1 ? 'it' : 'them'}.
            </p>
          </>
        ) : problem ? null : (
          <p className="ev-muted" role="status">
            Holding your seats…
          </p>
        )}
      </section>

      {problem ? (
        <div className="notice notice--error" role="alert">
          <p>{problem.text}</p>
          <p className="notice__actions">
            {problem.to === 'dates' ? (
              <Link to={themePath(templateId)}>Choose another date</Link>
            ) : problem.to === 'guests' ? (
              <Link to={bookingPath(draft.slotId)}>Change the guests</Link>
            ) : problem.to === 'addons' ? (
              <Link to={ADDONS}>Change the extras</Link>
            ) : (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void place()}
              >
                Try again
              </button>
            )}
          </p>
        </div>
      ) : null}

      {current && current.list.checkout ? (
        <>
          <RefundRule
            rule={template.data?.refundRule ?? settings.data?.events.refundRule ?? ''}
            id="ev-pay-refund"
          />
          <PaySection
            checkout={current.list.checkout}
            payment={payment}
            onPay={(how, missing) => void onPay(how, missing)}
          />
        </>
      ) : null}
    </CheckoutFrame>
  );
}
