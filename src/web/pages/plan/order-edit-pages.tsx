import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Outlet, useNavigate, useParams } from '../../shared/router';
import type { Order } from '../../../contracts/orders';
import { isIsoDate } from '../../../domain/calendar';
import { weekCutoff } from '../../../domain/plans';
import { usePlanChanged } from '../../app/use-plan-changed';
import { DeliveryDayPicker } from '../../features/delivery/delivery-day-picker';
import { deliveryQueries } from '../../features/delivery/delivery.queries';
import { addressLines, longDate } from '../../features/orders/order-summary';
import { orderQueries, ordersApi } from '../../features/orders/orders.queries';
import { useShopClock } from '../../features/subscriptions/countdown';
import { subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { isApiError, isRefusal, NetworkError } from '../../shared/api/client';
import { FormError, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked, type FieldErrors } from '../../shared/forms/validate';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { AddressChooser } from './address-chooser';
import { useWeekDays } from './use-week-days';

// /order/{orderId}/edit (spec §2 Login-required order screens) and its children: delivery-info (the day,
// while it can move, and the note), recipes (a plan box's dishes: choose-recipes-page.tsx) and
// change-delivery-address. What an order still allows comes with it (editable, dateEditable,
// addressEditable); each child says when its change is no longer possible.

const problemOf = (error: unknown, doing: string) =>
  isRefusal(error) || error instanceof NetworkError
    ? error.message
    : `We couldn’t ${doing} just now. Please try again in a moment.`;

function useOrder() {
  const { orderId = '' } = useParams();
  return { orderId, detail: useQuery(orderQueries.detail(orderId)) };
}

/** The order loaded, or its progress or failure. */
function WithOrder({ children }: { children: (order: Order) => ReactNode }) {
  const { detail } = useOrder();
  if (detail.isPending) return <Spinner label="Loading your order" />;
  if (detail.isError) {
    const missing = isApiError(detail.error, 'ORDER_NOT_FOUND', 'NOT_FOUND');
    return (
      <LoadFailed
        message={
          missing ? 'We can’t find that order in your account.' : 'We were unable to process your request'
        }
        onRetry={missing ? undefined : detail.refetch}
      >
        <Link to="/account" className="button button--secondary button--small">
          Go to my account
        </Link>
      </LoadFailed>
    );
  }
  return <>{children(detail.data.order)}</>;
}

export function OrderEditLayout() {
  const { orderId, detail } = useOrder();
  usePageMeta(detail.data ? `Change order #${detail.data.order.number}` : 'Change your order');
  return (
    <div className="page page--narrow plan-page order-edit">
      <p>
        <Link to={`/order/${orderId}`}>← Back to the order</Link>
      </p>
      <h1>
        {detail.data ? `Change your box for ${longDate(detail.data.order.deliveryDate)}` : 'Change your box'}
      </h1>
      <Outlet />
    </div>
  );
}

/** What can still change about this order, each a link or the reason it can't. */
export function OrderEditIndex() {
  return (
    <WithOrder>
      {(order) => {
        const planBox = order.source === 'subscription' && order.scheduleWeekId !== null;
        const dishes = order.lineItems.reduce((n, line) => n + line.quantity, 0);
        const rows: { to: string; title: string; now: string; open: boolean; closed: string }[] = [
          {
            to: 'delivery-info',
            title: order.dateEditable ? 'Delivery day and note' : 'Delivery note',
            now: `${longDate(order.deliveryDate)}${order.deliveryNote ? `. Note: ${order.deliveryNote}` : ''}`,
            open: order.addressEditable || order.dateEditable,
            closed: 'It has been dispatched: its delivery details are set.',
          },
          {
            to: 'change-delivery-address',
            title: 'Delivery address',
            now: addressLines(order.shippingAddress).slice(1).join(', '),
            open: order.addressEditable,
            closed: 'It has been dispatched: its address is set.',
          },
          ...(planBox
            ? [
                {
                  to: 'recipes',
                  title: 'Dishes',
                  now: `${dishes} ${dishes === 1 ? 'dish' : 'dishes'}: ${order.lineItems.map((l) => l.title).join(', ')}`,
                  open: order.editable,
                  closed: 'Its changes closed at 12 noon on the Friday before its week.',
                },
              ]
            : []),
        ];
        return (
          <ul className="order-edit-list">
            {rows.map((row) => (
              <li key={row.to} className="account-section">
                <span className="order-edit-list__title">{row.title}</span>
                <span className="field__hint">{row.now}</span>
                {row.open ? (
                  <Link to={row.to} className="order-edit-list__link">
                    Change the {row.title.toLowerCase()}
                  </Link>
                ) : (
                  <span className="field__hint">{row.closed}</span>
                )}
              </li>
            ))}
          </ul>
        );
      }}
    </WithOrder>
  );
}

function DeliveryInfoForm({ order }: { order: Order }) {
  const navigate = useNavigate();
  const onChanged = usePlanChanged();
  const now = useShopClock();
  const variantIds = order.lineItems
    .flatMap((line) => (line.productVariantId ? [line.productVariantId] : []))
    .sort();
  // A plan's week (its box, or a week paid at checkout) moves within its week until the cutoff; another
  // order by the checkout's rules (its next-day or weekly deadline, the 21-day window).
  const mealWeek = order.mealWeek && isIsoDate(order.mealWeek) ? order.mealWeek : null;
  const inPlan = order.scheduleWeekId !== null && mealWeek !== null;
  const weekDays = useWeekDays(
    { startDate: mealWeek ?? '', cutoffAt: mealWeek ? weekCutoff(mealWeek).toISOString() : '' },
    inPlan && order.dateEditable ? (order.shippingAddress.zip ?? '') : '',
  );
  const checkoutDays = useQuery({
    ...deliveryQueries.dates(
      order.shippingAddress.zip ?? '',
      order.mealWeek ?? '',
      variantIds,
      order.source === 'one_off' ? 'one_off' : 'plan',
    ),
    enabled: !inPlan && order.dateEditable && order.mealWeek !== null && !!order.shippingAddress.zip,
  });
  const days = inPlan ? weekDays : checkoutDays;
  const offered = days.data?.dates ?? [];
  const form = useForm({
    initial: () => ({ date: order.deliveryDate as string | null, note: order.deliveryNote ?? '' }),
    check: ({ date, note }) => {
      const errors: FieldErrors = {};
      if (order.dateEditable && days.data && !offered.some((d) => d.date === date)) {
        errors.date = 'Choose a delivery day';
      }
      if (note.length > 500) errors.note = 'Keep the note to 500 characters';
      return checked(errors, { date, note: note.trim() || null });
    },
    onSubmit: async ({ date, note }) => {
      if (order.dateEditable && date && date !== order.deliveryDate) {
        await subscriptionsApi.orderDeliveryDate(order.id, date);
      }
      if (order.addressEditable && note !== (order.deliveryNote ?? null)) {
        await ordersApi.changeNote(order.id, note);
      }
      await onChanged();
      showToast('Saved your delivery details');
      await navigate(`/order/${order.id}`);
    },
    failure: (error) => problemOf(error, 'save your delivery details'),
  });
  if (!order.addressEditable && !order.dateEditable) {
    return (
      <p className="notice notice--warning">This box has been dispatched: its delivery details are set.</p>
    );
  }
  return (
    <form {...form.props}>
      <FormError message={form.formError} />
      {order.dateEditable ? (
        <DeliveryDayPicker
          legend="Delivery day"
          hint={`Now ${longDate(order.deliveryDate)}. Another day of the same week.`}
          days={days}
          selected={form.values.date}
          onSelect={(date) => form.set({ date })}
          disabled={form.busy}
          now={now}
          error={form.errors.date}
          empty="There are no other days left this week for this address."
        />
      ) : (
        <p>
          Arrives <strong>{longDate(order.deliveryDate)}</strong>. Its day can no longer change.
        </p>
      )}
      {order.addressEditable ? (
        <TextAreaField
          label="Delivery note (optional)"
          hint="For this box only. For example: the side gate is open, or which neighbour to try."
          rows={3}
          maxLength={500}
          disabled={form.busy}
          {...form.field('note')}
        />
      ) : null}
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={order.dateEditable && days.isPending}>
        Save delivery details
      </SubmitButton>
    </form>
  );
}

export function DeliveryInfoPage() {
  return <WithOrder>{(order) => <DeliveryInfoForm key={order.id} order={order} />}</WithOrder>;
}

export function ChangeAddressPage() {
  const navigate = useNavigate();
  const onChanged = usePlanChanged();
  return (
    <WithOrder>
      {(order) =>
        order.addressEditable ? (
          <section className="account-section" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading">Delivery address</h2>
            <p className="field__hint">
              Now: {addressLines(order.shippingAddress).join(', ')}. This changes this box only; your plan’s
              address is in Plan settings.
            </p>
            <AddressChooser
              current={order.shippingAddress}
              legend="Deliver this box to"
              submitLabel="Deliver this box here"
              busyLabel="Saving…"
              onChoose={async (addressId) => {
                await subscriptionsApi.orderAddress(order.id, addressId);
                await onChanged();
                showToast('This box goes to the new address');
                await navigate(`/order/${order.id}`);
              }}
            />
          </section>
        ) : (
          <p className="notice notice--warning">
            This box has been dispatched: its address can no longer change.
          </p>
        )
      }
    </WithOrder>
  );
}
