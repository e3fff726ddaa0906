import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from '../../shared/router';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import type { BasketRules } from '../../../domain/basket';
import { isIsoDate, type IsoDate } from '../../../domain/calendar';
import { groupBySection, isVisibleOnMenu, portionLabel, sectionTitle } from '../../../domain/menu';
import { weekLabel } from '../../../domain/menu-weeks';
import { formatPence } from '../../../domain/money';
import { usePlanChanged } from '../../app/use-plan-changed';
import { basketQueries } from '../../features/baskets/baskets.queries';
import { basketRulesOf } from '../../features/baskets/use-basket';
import { menuQueries, type MenuDish } from '../../features/menu/menu.queries';
import { orderQueries } from '../../features/orders/orders.queries';
import { useShopClock } from '../../features/subscriptions/countdown';
import { dayLabel } from '../../features/subscriptions/plan-text';
import {
  choiceFromLines,
  choiceItems,
  choiceTotals,
  MAX_PER_DISH,
  withQuantity,
  type Choice,
} from '../../features/subscriptions/recipe-choice';
import { subscriptionQueries, subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { weekActionProblem } from '../../features/subscriptions/week-card';
import { isApiError } from '../../shared/api/client';
import { FormError } from '../../shared/forms/fields';
import { shopQueries } from '../../shared/shop.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { pictureSources } from '../../../domain/pictures';

// Choosing a box's dishes (spec §2 /schedule/{id}/choose-recipes and /order/{id}/edit/recipes; issue 12
// part 3): the week's menu with pictures, how many of each (a double portion where the dish has one),
// starting from what the box holds now; the running total as the box is priced, the minimum per order;
// save, or leave it to the chef.

function useBasketRules(): BasketRules | null {
  const settings = useQuery(shopQueries.settings()).data;
  const fees = useQuery(basketQueries.deliveryFees()).data;
  return useMemo(() => (settings ? basketRulesOf(settings, fees) : null), [settings, fees]);
}

function Stepper({
  label,
  quantity,
  max,
  onChange,
  disabled,
}: {
  label: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
  disabled: boolean;
}) {
  if (quantity === 0) {
    return (
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || max === 0}
        onClick={() => onChange(1)}
      >
        {max === 0 ? 'Sold out' : 'Add'}
        <span className="visually-hidden"> {label}</span>
      </button>
    );
  }
  return (
    <div className="stepper stepper--small" role="group" aria-label={`${label} quantity`}>
      <button
        type="button"
        className="stepper__button"
        disabled={disabled}
        aria-label={quantity === 1 ? `Remove ${label}` : `One fewer ${label}`}
        onClick={() => onChange(quantity - 1)}
      >
        −
      </button>
      <output className="stepper__count" aria-label={`${quantity} of ${label}`}>
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        disabled={disabled || quantity >= max}
        aria-label={`One more ${label}`}
        onClick={() => onChange(quantity + 1)}
      >
        +
      </button>
    </div>
  );
}

function DishChoice({
  dish,
  choice,
  onChange,
  disabled,
}: {
  dish: MenuDish;
  choice: Choice;
  onChange: (variantId: string, quantity: number) => void;
  disabled: boolean;
}) {
  const image = dish.images[0];
  return (
    <li className="recipe-choice">
      {image ? (
        <img
          {...pictureSources(image.url, 96)}
          alt=""
          width={96}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="recipe-choice__blank" aria-hidden="true" />
      )}
      <div className="recipe-choice__body">
        <h3 className="recipe-choice__title">{dish.title}</h3>
        {dish.tags.includes('vegan') ? (
          <span className="badge-tag">Vegan</span>
        ) : dish.tags.includes('vegetarian') ? (
          <span className="badge-tag">Vegetarian</span>
        ) : null}
        <ul className="recipe-choice__variants">
          {dish.variants.map((variant) => {
            const label = `${portionLabel(variant.isDouble)} ${dish.title}`;
            const stock = variant.availableForSale ? Math.min(MAX_PER_DISH, variant.quantityAvailable) : 0;
            return (
              <li key={variant.id} className="recipe-choice__variant">
                <span>
                  {portionLabel(variant.isDouble)} · {formatPence(variant.price)}
                </span>
                <Stepper
                  label={label}
                  quantity={choice.get(variant.id) ?? 0}
                  max={stock}
                  disabled={disabled}
                  onChange={(quantity) => onChange(variant.id, quantity)}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}

function Chooser({ week, backTo }: { week: ScheduleWeek; backTo: string }) {
  const navigate = useNavigate();
  const now = useShopClock();
  const onChanged = usePlanChanged();
  const rules = useBasketRules();
  const bundles = useQuery(shopQueries.bundles());
  const menu = useQuery({
    ...menuQueries.week(week.startDate as IsoDate),
    enabled: isIsoDate(week.startDate),
  });
  const dishes = useMemo(() => {
    const bundleIds = new Set((bundles.data ?? []).map((b) => b.productExtId));
    return (menu.data ?? []).filter((dish) => isVisibleOnMenu(dish, bundleIds) && dish.variants.length > 0);
  }, [menu.data, bundles.data]);
  const variants = useMemo(() => dishes.flatMap((dish) => dish.variants), [dishes]);
  const [changed, setChanged] = useState<Choice | null>(null);
  const choice = changed ?? choiceFromLines(week.lines, variants);
  const [busy, setBusy] = useState<'save' | 'chef' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const when = dayLabel(week.deliveryDate);

  if (menu.isPending || bundles.isPending || !rules) return <Spinner label="Loading the week’s menu" />;
  if (menu.isError) {
    return (
      <LoadFailed
        message="Couldn't fetch menu. Check your connection and try again."
        onRetry={menu.refetch}
      />
    );
  }
  const totals = choiceTotals(choice, variants, week.deliveryDate, rules);
  const short = totals.minimumRemainder > 0;

  const act = async (what: 'save' | 'chef') => {
    setBusy(what);
    setProblem(null);
    try {
      if (what === 'save') await subscriptionsApi.updateWeek(week.id, { items: choiceItems(choice) });
      else await subscriptionsApi.chefSelections(week.id);
      await onChanged();
      showToast(
        what === 'save'
          ? `Saved your dishes for ${when}. Your receipt is on its way by email.`
          : `The chef will pick your dishes for ${when}`,
      );
      await navigate(backTo);
    } catch (error) {
      setProblem(
        weekActionProblem(error, what === 'save' ? 'save your dishes' : 'hand this box to the chef'),
      );
      setBusy(null);
    }
  };

  return (
    <>
      <p>
        Choose what comes on <strong>{when}</strong>. Your plan usually has the chef’s pick; whatever you
        choose here is charged with the box at 12 noon on the Friday before.
      </p>
      {week.voucherCode ? (
        <p className="notice">
          Your code {week.voucherCode} is taken off when the box is charged, if it still applies.
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy !== null}
          aria-busy={busy === 'chef'}
          onClick={() => void act('chef')}
        >
          {busy === 'chef' ? 'Asking the chef…' : 'Let the chef choose instead'}
        </button>
      </div>
      <FormError message={problem} />
      {dishes.length === 0 ? (
        <p className="notice notice--warning">There are no dishes on this week’s menu to choose from.</p>
      ) : (
        <section aria-label={`The menu for ${when}`}>
          {groupBySection(dishes).map((group) => (
            <div key={group.section} className="recipe-section">
              <h2 className="recipe-section__title">
                {sectionTitle(group.section, week.startDate as IsoDate, now)}
              </h2>
              <ul className="recipe-choices">
                {group.products.map((dish) => (
                  <DishChoice
                    key={dish.id}
                    dish={dish}
                    choice={choice}
                    disabled={busy !== null}
                    onChange={(variantId, quantity) => setChanged(withQuantity(choice, variantId, quantity))}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <div className="recipe-total">
        <p className="recipe-total__sum" aria-live="polite">
          <strong>
            {totals.dishes} {totals.dishes === 1 ? 'dish' : 'dishes'} · {formatPence(totals.total)}
          </strong>
          <span className="recipe-total__hint">
            {totals.dishes > 0
              ? totals.delivery === 0
                ? 'Free delivery'
                : `Includes ${formatPence(totals.delivery)} delivery`
              : 'Nothing chosen yet'}
            {short
              ? `. Add ${formatPence(totals.minimumRemainder)} more: a box is at least ${formatPence(rules.minimumSpendPerOrder)}.`
              : totals.freeDeliveryRemainder > 0
                ? `. ${formatPence(totals.freeDeliveryRemainder)} more for free delivery.`
                : '.'}
          </span>
        </p>
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null || short}
          aria-busy={busy === 'save'}
          onClick={() => void act('save')}
        >
          {busy === 'save' ? 'Saving…' : 'Save my dishes'}
        </button>
      </div>
    </>
  );
}

/** The week's chooser, or why its dishes can no longer be chosen. */
export function ChooseRecipes({
  weekId,
  backTo,
  backLabel,
}: {
  weekId: string;
  backTo: string;
  backLabel: string;
}) {
  const week = useQuery(subscriptionQueries.week(weekId));
  const now = useShopClock();
  const title =
    week.data && isIsoDate(week.data.startDate)
      ? `Dishes for the week of ${weekLabel(week.data.startDate)}`
      : 'Choose your dishes';
  usePageMeta(title);
  let body;
  if (week.isPending) body = <Spinner label="Loading your week" />;
  else if (week.isError) {
    body = (
      <LoadFailed
        message={
          isApiError(week.error, 'NOT_FOUND')
            ? 'We can’t find that week in your plan.'
            : 'We couldn’t load this week just now.'
        }
        onRetry={isApiError(week.error, 'NOT_FOUND') ? undefined : week.refetch}
      />
    );
  } else if (!week.data.editable || new Date(week.data.cutoffAt).getTime() <= now.getTime()) {
    body = (
      <p className="notice notice--warning">
        This box’s dishes are set: its changes closed, or it was paid at checkout. You can still change its
        address and note from its order.
      </p>
    );
  } else if (!week.data.menuAvailable) {
    body = (
      <p className="notice">This week’s menu isn’t out yet. Come back when it is to choose your dishes.</p>
    );
  } else {
    body = <Chooser week={week.data} backTo={backTo} />;
  }
  return (
    <div className="page plan-page choose-recipes">
      <p>
        <Link to={backTo}>← {backLabel}</Link>
      </p>
      <h1>{title}</h1>
      {body}
    </div>
  );
}

export function ChooseRecipesPage() {
  const { weekId = '' } = useParams();
  return <ChooseRecipes weekId={weekId} backTo="/account/upcoming-orders" backLabel="Your pasta plan" />;
}

/** /order/{id}/edit/recipes: the box's week, found from its order. */
export function OrderRecipesPage() {
  const { orderId = '' } = useParams();
  const order = useQuery(orderQueries.detail(orderId));
  if (order.isPending) return <Spinner label="Loading your box" />;
  if (order.isError || !order.data.order.scheduleWeekId) {
    return (
      <div className="page page--narrow">
        <h1>Choose your dishes</h1>
        <p className="notice notice--warning">
          {order.isError
            ? 'We can’t find that order in your account.'
            : 'Only the boxes of your pasta plan have dishes to choose. This order’s dishes are set.'}
        </p>
        <Link to={`/order/${orderId}`} className="button button--secondary">
          Back to the order
        </Link>
      </div>
    );
  }
  return (
    <ChooseRecipes
      weekId={order.data.order.scheduleWeekId}
      backTo={`/order/${orderId}`}
      backLabel="Back to the order"
    />
  );
}
