import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, Navigate, useParams } from '../../shared/router';
import type { Address, CreateAddressBody } from '../../../contracts/addresses';
import type { OrderKindOnWire } from '../../../contracts/delivery';
import type { GiftBoxOrderBody } from '../../../contracts/gifts';
import { isDeliverableAddress, outcodeOf } from '../../../domain/address';
import { addDays, isoDate, londonDate } from '../../../domain/calendar';
import { GIFT_ORDER_KIND } from '../../../domain/gifts';
import { formatPence } from '../../../domain/money';
import { DELIVERY_WINDOW_DAYS } from '../../../domain/menu-weeks';
import { useFinishPayment } from '../../app/use-finish-payment';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { NEW_ADDRESS, NewAddress, SavedAddressChoices } from '../../features/delivery/address-picker';
import { DeliveryDayPicker } from '../../features/delivery/delivery-day-picker';
import { deliveryQueries } from '../../features/delivery/delivery.queries';
import { unofferedDayNotes } from '../../features/delivery/unoffered-days';
import { UnofferedDaysList } from '../../features/delivery/unoffered-days-list';
import { forgetGiftDraft, readGiftDraft, type GiftDraft } from '../../features/gifts/gift-draft';
import { menuQueries, type MenuDish } from '../../features/menu/menu.queries';
import { longDate, OrdersSummary } from '../../features/orders/order-summary';
import { orderQueries, ordersApi } from '../../features/orders/orders.queries';
import { PaySection } from '../../features/payments/pay-section';
import type { PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { analytics } from '../../shared/analytics';
import { ApiError, isRefusal } from '../../shared/api/client';
import { emptyAddress } from '../../shared/forms/address-form';
import { TextAreaField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/checkout/checkout.css';
import './gifts.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { pictureSources } from '../../../domain/pictures';

// Sending a gift box (signed in): the recipient's address (saved in the buyer's address book, never made
// their default), the day it arrives (every day the courier delivers, from the next day up to 21 days ahead:
// the gift date rule, domain/gifts.ts; why any other day is not offered is said under the days), a note for
// the driver, then paying. Paying places the gift's order (the same unpaid gift again is the
// same order) and pays it like any order: cards, 3-D Secure, PayPal and store credit. The draft is forgotten
// only once the confirmation is showing (this page sends a customer without one back to the gift).

export const GIFT_CONFIRMATION_PATH = '/gift-boxes/confirmation';
export const giftSendPath = (handle: string) => `/gift-boxes/${handle}/send`;

/** The gift date rule as the delivery calls name it. */
const GIFT_KIND: OrderKindOnWire = GIFT_ORDER_KIND === 'one-off' ? 'one_off' : 'plan';

export function GiftSendPage() {
  const { handle = '' } = useParams();
  const boxes = useQuery(menuQueries.giftBoxes());
  usePageMeta('Send your gift');
  const draft = readGiftDraft(handle);
  if (!draft) return <Navigate to={`/gift-boxes/${handle}`} replace />;
  if (boxes.isPending) return <Spinner label="Loading your gift" />;
  const box = boxes.data?.find((b) => b.handle === handle);
  const variant = box?.variants.find((v) => v.id === draft.variantId);
  if (!box || !variant) return <Navigate to={`/gift-boxes/${handle}`} replace />;
  return <SendGift box={box} draft={draft} variantTitle={variant.title} />;
}

const splitName = (name: string): [string, string] => {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? [parts.slice(0, -1).join(' '), parts.at(-1)!] : [parts[0] ?? '', ''];
};

function SendGift({ box, draft, variantTitle }: { box: MenuDish; draft: GiftDraft; variantTitle: string }) {
  const queryClient = useQueryClient();
  const addressRadios = useId();
  const settings = useQuery(shopQueries.settings());
  const addresses = useQuery(accountQueries.addresses());
  const saved = (addresses.data ?? []).filter((a) => isDeliverableAddress(a));

  // Where and when: paid for with "Pay" below, so the form has no submit of its own.
  const form = useForm({
    initial: { addressId: null as string | null, date: null as string | null, note: '' },
  });
  const { addressId, date, note } = form.values;
  const ending = useFinishPayment();
  const payment = usePayOrder(ending.confirmed);
  const { status, problem } = payment;

  // Nothing is picked for the customer: a gift goes to someone else, so the address is always chosen.
  const chosen = addressId ?? (saved.length === 0 ? NEW_ADDRESS : null);
  const address: Address | null = saved.find((a) => a.id === chosen) ?? null;

  const now = settings.data ? shopNow(settings.data) : undefined;
  const today = now ? londonDate(now) : null;
  const span = today
    ? { from: addDays(today, 1), to: addDays(today, DELIVERY_WINDOW_DAYS) }
    : { from: '', to: '' };
  const dates = useQuery({
    ...deliveryQueries.datesBetween(address?.zip ?? '', span.from, span.to, [draft.variantId], GIFT_KIND),
    enabled: address?.zip != null && today !== null,
  });
  // Why the other days are not offered, by the rule the server offered them by.
  const unoffered =
    now && dates.data && dates.data.dates.length > 0
      ? unofferedDayNotes({
          offered: dates.data.dates.map((day) => day.date),
          deliveryDays: dates.data.deliveryDays,
          outcode: outcodeOf(dates.data.postcode),
          lastDate: isoDate(dates.data.lastDate),
          now,
          kind: GIFT_ORDER_KIND,
        })
      : [];
  const offered = dates.data?.dates ?? [];
  const selectedDate = offered.some((d) => d.date === date) ? date : null;

  const body: GiftBoxOrderBody | null =
    address && selectedDate
      ? {
          productVariantId: draft.variantId,
          quantity: draft.quantity,
          shippingAddressId: address.id,
          deliveryDate: selectedDate,
          deliveryNote: note.trim() === '' ? null : note.trim(),
          recipient: {
            name: draft.recipientName,
            email: draft.recipientEmail === '' ? null : draft.recipientEmail,
            message: draft.message.trim() === '' ? null : draft.message,
          },
        }
      : null;
  const preview = useQuery(orderQueries.giftPreview(body));

  const saveAddress = async (values: CreateAddressBody) => {
    const created = await accountApi.addAddress(values);
    queryClient.setQueryData(accountQueries.addresses().queryKey, (list) => [...(list ?? []), created]);
    void queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
    form.set({ addressId: created.id, date: null });
  };

  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (!body || !payment.begin(missingMethod)) return;
    payment.setStatus('placing');
    let orderId: string;
    try {
      const placed = await ordersApi.placeGift(body, randomId());
      orderId = placed.orders[0]!.id;
      if (placed.checkout?.state === 'paid') {
        await ending.finish(placed, GIFT_CONFIRMATION_PATH);
        forgetGiftDraft();
        return;
      }
    } catch (error) {
      payment.setStatus('idle');
      if (isRefusal(error)) {
        payment.setProblem(error.message);
        void preview.refetch();
        void dates.refetch();
        return;
      }
      analytics.errorReported('Something went wrong!', { step: 'gift_box_order', cause: String(error) });
      payment.setProblem('Something went wrong! Please try again in a moment.');
      return;
    }
    await payment.pay(orderId, how, GIFT_CONFIRMATION_PATH, forgetGiftDraft);
  };

  const image = box.images[0];
  const [firstName, lastName] = splitName(draft.recipientName);
  const busy = status !== 'idle';

  return (
    <div className="gifts-page gift-send">
      <Link to={`/gift-boxes/${box.handle}`} className="back-link">
        Back to your gift
      </Link>
      <h1>Send your gift</h1>

      <section className="checkout-card" aria-labelledby="gift-heading">
        <div className="checkout-card__header">
          <h2 id="gift-heading">Your gift</h2>
          <Link to={`/gift-boxes/${box.handle}`}>
            Change<span className="visually-hidden"> the gift</span>
          </Link>
        </div>
        <div className="gift-summary">
          {image ? (
            <img
              {...pictureSources(image.url, 640, '(max-width: 699px) 100vw, 640px')}
              alt=""
              width={image.width ?? 800}
              height={image.height ?? 600}
            />
          ) : null}
          <div>
            <p>
              <strong>
                {draft.quantity} × {box.title}
              </strong>
              <br />
              {variantTitle}
            </p>
            <p>For {draft.recipientName}</p>
            {draft.message.trim() ? <p className="gift-message">“{draft.message.trim()}”</p> : null}
          </div>
        </div>
      </section>

      <section className="checkout-card" aria-labelledby="gift-address-heading">
        <h2 id="gift-address-heading">Where should we send it?</h2>
        {addresses.isPending ? (
          <Spinner label="Loading your addresses" />
        ) : (
          <>
            <SavedAddressChoices
              loadFailed={addresses.isError}
              name={addressRadios}
              legend="Delivery address"
              legendHidden
              addresses={saved}
              untitled="Saved address"
              newTitle={`${draft.recipientName}’s address (new)`}
              chosen={chosen}
              disabled={busy}
              onChoose={(id) => form.set({ addressId: id, date: null })}
            />
            {chosen === NEW_ADDRESS ? (
              <NewAddress
                forDelivery
                blank={emptyAddress(firstName, lastName)}
                hint="Check the address and the name on the box. A phone number helps the driver."
                submitLabel="Send it here"
                onSave={saveAddress}
              />
            ) : null}
          </>
        )}
      </section>

      {address ? (
        <section className="checkout-card" aria-labelledby="gift-date-heading">
          <DeliveryDayPicker
            legend="When should it arrive?"
            legendId="gift-date-heading"
            days={dates}
            selected={selectedDate}
            onSelect={(day) => form.set({ date: day })}
            disabled={busy}
            now={now}
            empty="There are no delivery days left for this box just now. Please try another address or come back soon."
          >
            <UnofferedDaysList notes={unoffered} />
          </DeliveryDayPicker>
          <TextAreaField
            label="Note for the driver (optional)"
            rows={2}
            maxLength={400}
            disabled={busy}
            {...form.field('note')}
          />
        </section>
      ) : null}

      {body ? (
        <>
          {preview.data ? (
            <>
              <section className="checkout-card" aria-labelledby="gift-order-heading">
                <h2 id="gift-order-heading">Your order</h2>
                <p>
                  Arrives <strong>{longDate(body.deliveryDate)}</strong>. Total{' '}
                  <strong>{formatPence(preview.data.checkout?.total ?? 0)}</strong>.
                </p>
                <OrdersSummary orders={preview.data.orders} />
              </section>
              {preview.data.checkout ? (
                <PaySection
                  checkout={preview.data.checkout}
                  payment={payment}
                  onPay={(how, missing) => void onPay(how, missing)}
                />
              ) : null}
            </>
          ) : preview.isError ? (
            <LoadFailed
              message={
                preview.error instanceof ApiError
                  ? preview.error.message
                  : 'We were unable to process your request'
              }
              onRetry={preview.refetch}
            />
          ) : (
            <Spinner label="Working out your total" />
          )}
        </>
      ) : null}
      {problem && !preview.data ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
