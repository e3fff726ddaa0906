import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from '../../shared/router';
import { deadlineLabel, isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { formatPence } from '../../../domain/money';
import { usePlanChanged } from '../../app/use-plan-changed';
import { basketQueries } from '../../features/baskets/baskets.queries';
import { makeOneOffBox } from '../../features/baskets/one-off-box';
import { checkoutPaths, ONE_OFF_FLOW } from '../../features/checkout/flows';
import { fitBasketIntoPlan, type WeekFit } from '../../features/subscriptions/basket-into-plan';
import { useShopClock } from '../../features/subscriptions/countdown';
import { PlanPicker } from '../../features/subscriptions/plan-overview';
import { isLivePlan, rankPlans, useSelectedPlan } from '../../features/subscriptions/plan-selection';
import { dayLabel } from '../../features/subscriptions/plan-text';
import { chooseSecondPlan } from '../../features/subscriptions/second-plan';
import { subscriptionQueries, subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { FormError } from '../../shared/forms/fields';
import { shopQueries } from '../../shared/shop.queries';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame, EmptyBasketStep } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';

// /checkout/existing-plan (issue 12 part 3): a customer who already has a live plan and fills a basket is
// asked what its dishes are for: an upcoming delivery of the plan (POST /orders, charged with that box at
// its cutoff), a one-off box paid now (the one-off checkout), or a second plan. Never a second plan by
// default: the first way that can take the dishes is chosen.

type Way = 'plan' | 'one-off' | 'second-plan';

const weekName = (mealWeek: string) => (isIsoDate(mealWeek) ? weekLabel(mealWeek) : mealWeek);

function FitLine({ fit }: { fit: WeekFit }) {
  const dishes = `${fit.itemCount} ${fit.itemCount === 1 ? 'dish' : 'dishes'} (${formatPence(fit.subtotal)})`;
  if (!fit.fits) {
    return (
      <span className="plan-fit">{`Week of ${weekName(fit.mealWeek)}: ${dishes} stay in your basket, because ${fit.why}.`}</span>
    );
  }
  return (
    <span className="plan-fit">
      {dishes} into your box for <strong>{dayLabel(fit.week.deliveryDate)}</strong>, charged with it on{' '}
      {deadlineLabel(new Date(fit.week.cutoffAt))}
      {fit.week.state === 'skipped' ? '. That week is skipped: this brings its box back' : ''}.
    </span>
  );
}

export function ExistingPlanStep() {
  usePageMeta('Checkout: your pasta plan');
  const flow = useCheckoutFlow();
  const paths = checkoutPaths(flow);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onChanged = usePlanChanged();
  const now = useShopClock();
  const name = useId();
  const basketQuery = useQuery(basketQueries.recipeKit());
  const settings = useQuery(shopQueries.settings());
  const { query: plansQuery, plan: selected, select } = useSelectedPlan();
  const livePlans = rankPlans(plansQuery.data ?? []).filter(isLivePlan);
  // The plan the dishes would join: the selected one when it is live, else the best live one.
  const plan = selected && isLivePlan(selected) ? selected : (livePlans[0] ?? null);
  const weeks = useQuery({ ...subscriptionQueries.weeks(plan?.id ?? ''), enabled: plan !== null });
  const [picked, setPicked] = useState<Way | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string[]>([]);
  // One idempotency key per week for this visit: a double press or a retry adds the dishes once.
  const keys = useRef(new Map<string, string>());

  const basket = basketQuery.data?.basket;
  if (basketQuery.isPending || plansQuery.isPending || (plan && weeks.isPending)) {
    return <CheckoutFrame title="You already have a pasta plan" loading="Loading your plan and basket" />;
  }
  if (plansQuery.isError || weeks.isError || basketQuery.isError) {
    return (
      <CheckoutFrame title="You already have a pasta plan">
        <LoadFailed
          message="We couldn’t load your plan just now. Check your connection and try again."
          onRetry={() => Promise.all([plansQuery.refetch(), weeks.refetch(), basketQuery.refetch()])}
        />
      </CheckoutFrame>
    );
  }
  if (!basket || basket.items.length === 0) {
    if (added.length > 0) return <Navigate to="/account/upcoming-orders" replace />;
    return <EmptyBasketStep menu={flow.menu} />;
  }
  if (!plan) return <Navigate to={paths.instructions} replace />;

  const fits = fitBasketIntoPlan(basket.weeks, plan, weeks.data ?? [], now);
  const fitting = fits.filter((fit): fit is Extract<WeekFit, { fits: true }> => fit.fits);
  const way: Way = picked ?? (fitting.length > 0 ? 'plan' : 'one-off');

  const addToPlan = async () => {
    const done: string[] = [];
    try {
      for (const fit of fitting) {
        const key = keys.current.get(fit.week.id) ?? randomId();
        keys.current.set(fit.week.id, key);
        await subscriptionsApi.addBasketToWeek(basket.id, fit.week.id, key);
        done.push(dayLabel(fit.week.deliveryDate));
      }
    } finally {
      if (done.length > 0) {
        setAdded((previous) => [...previous, ...done]);
        await Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: basketQueries.all })]);
      }
    }
    showToast(`Added to your ${done.length === 1 ? 'box' : 'boxes'} for ${done.join(' and ')}`);
    if (fits.every((fit) => fit.fits)) await navigate('/account/upcoming-orders');
  };

  const goOn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (way === 'plan') await addToPlan();
      else if (way === 'one-off') {
        await makeOneOffBox(queryClient, basket.id);
        await navigate(ONE_OFF_FLOW.base);
      } else {
        chooseSecondPlan(basket.id);
        await navigate(paths.instructions);
      }
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t add the dishes just now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const option = (value: Way, title: string, meta: ReactNode, disabled = false) => (
    <label className="choice">
      <input
        type="radio"
        name={name}
        checked={way === value}
        disabled={disabled}
        onChange={() => setPicked(value)}
      />
      <span>
        <span className="choice__title">{title}</span>
        <span className="choice__meta">{meta}</span>
      </span>
    </label>
  );

  return (
    <CheckoutFrame
      title="You already have a pasta plan"
      intro="What should we do with the dishes in your basket?"
    >
      {added.length > 0 ? (
        <p className="notice" role="status">
          Added to your {added.length === 1 ? 'box' : 'boxes'} for {added.join(' and ')}. The rest of your
          basket is below.
        </p>
      ) : null}
      {livePlans.length > 1 ? <PlanPicker plans={livePlans} selected={plan} onSelect={select} /> : null}
      <FormError message={problem} />
      <fieldset className="fieldset choice-list" disabled={busy}>
        <legend className="visually-hidden">What the dishes are for</legend>
        {option(
          'plan',
          'Add them to my upcoming deliveries',
          fitting.length > 0 ? (
            <>
              {fits.map((fit) => (
                <FitLine key={fit.mealWeek} fit={fit} />
              ))}
              <span className="plan-fit">The dishes already in those boxes stay; yours are added.</span>
            </>
          ) : (
            `Not possible for these dishes: ${fits[0] && !fits[0].fits ? fits[0].why : 'your plan has no open box for them'}.`
          ),
          fitting.length === 0,
        )}
        {option(
          'one-off',
          'A one-off box, paid now',
          `Delivered on a day you choose, on its own: delivery, plus a one-off box fee of ${formatPence(settings.data?.oneOffFee ?? 0)} for each delivery.`,
        )}
        {option(
          'second-plan',
          'Start a second pasta plan',
          'A new plan with its own boxes, delivery day and card, starting with these dishes.',
        )}
      </fieldset>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void goOn()}
      >
        {busy ? (way === 'plan' ? 'Adding your dishes…' : 'One moment…') : 'Continue'}
      </button>
    </CheckoutFrame>
  );
}
