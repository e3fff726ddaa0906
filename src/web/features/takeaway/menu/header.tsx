import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../../shared/router';
import type { Restaurant } from '../../../../contracts/restaurants';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { isIsoDate, shortDayLabel, timeLabel } from '../../../../domain/calendar';
import { formatPenceShort } from '../../../../domain/money';
import { deliveryFeeText } from '../discovery/facts';
import { takeawayQueries } from '../takeaway.queries';

// The top of the takeaway menu: which restaurant, how the food comes (Delivery to … / Collect from … / Eat
// in at …) with a way to change the address or restaurant, when (ASAP with its estimate, or the chosen
// slot) with a way to change it, the fees and minimum, catering's notice and minimum, and anything in the
// way of ordering that is about where or when (a closed kitchen, a slot gone, an address out of range).
// Without the visitor's basket for this restaurant (a public page as the server renders it, issue 24) the
// same two rows say where the restaurant is and whether it is open, with the way to start an order; the
// basket's rows take their place once it is read, at the same height (one line each), and its problems are
// laid over the foot of the page, so the dishes never move.

/** Problems the basket panel shows itself: the rest are about where and when, shown here. */
const BASKET_PROBLEMS = ['BASKET_EMPTY', 'BASKET_BELOW_MINIMUM', 'PRODUCT_UNAVAILABLE'];
const TIME_PROBLEMS = ['RESTAURANT_CLOSED', 'SLOT_UNAVAILABLE', 'SLOT_TOO_FAR_AHEAD'];

/** How the food comes, and where: ["Delivery to", "10 Downing Street, SW1A 2AA"]. */
function where(basket: TakeawayBasket, restaurant: Restaurant | undefined): [string, string] {
  const at = restaurant
    ? `${restaurant.address1}, ${restaurant.postcode}`
    : (basket.restaurant?.postcode ?? '');
  if (basket.fulfillmentType === 'pickup') return ['Collect from', at];
  if (basket.fulfillmentType === 'eat_in') return ['Eat in at', at];
  const address = basket.address;
  const to = [address?.address1, address?.zip].filter(Boolean).join(', ');
  return to ? ['Delivery to', to] : ['Delivery', 'Add your address'];
}

function useWhenText(basket: TakeawayBasket | null, restaurantId: string, catering: boolean): string {
  const dates = useQuery({
    ...takeawayQueries.timeSlotDates(restaurantId, basket?.fulfillmentType ?? 'delivery', catering),
    enabled: !!basket && !basket.asap && basket.deliveryDate !== null,
  });
  if (!basket) return '';
  if (basket.asap && !catering) return basket.timeSlot ? basket.timeSlot.label : 'As soon as possible';
  if (!basket.timeSlot) return 'Choose a time';
  const date = basket.deliveryDate;
  const day =
    dates.data?.find((d) => d.date === date)?.label ?? (date && isIsoDate(date) ? shortDayLabel(date) : null);
  return day ? `${day}, ${basket.timeSlot.label}` : basket.timeSlot.label;
}

/** Whether the restaurant is open, for a visitor who has not chosen a time: "Open now", "Opens at 11:30". */
function openingText(restaurant: Restaurant | undefined, catering: boolean, leadTimeHours: number): string {
  if (catering) return `At least ${leadTimeHours} hours ahead`;
  if (!restaurant) return '';
  if (restaurant.openNow) return 'Open now';
  return restaurant.opensAt ? `Opens at ${timeLabel(new Date(restaurant.opensAt))}` : 'Closed for today';
}

export function MenuHeader({
  basket,
  restaurant,
  restaurantId,
  catering,
  minimumSpend,
  leadTimeHours,
  changePlaceTo,
  startOrderTo,
  onChangeTime,
  allergenNote,
  notice,
}: {
  /** The visitor's basket when it is this menu's; null for the menu as anyone sees it. */
  basket: TakeawayBasket | null;
  restaurant: Restaurant | undefined;
  restaurantId: string;
  catering: boolean;
  minimumSpend: number;
  leadTimeHours: number;
  changePlaceTo: string;
  /** Where a visitor without this restaurant's basket starts an order (where they are, and how). */
  startOrderTo: string;
  onChangeTime: () => void;
  allergenNote: ReactNode;
  /** Anything else about the visitor's basket (another restaurant's), laid over the page with the problems. */
  notice?: ReactNode;
}) {
  const when = useWhenText(basket, restaurantId, catering);
  const name = restaurant?.name ?? basket?.restaurant?.name ?? 'Your restaurant';
  const noTime = !!basket && !basket.timeSlot && (catering || !basket.asap);
  // "Choose a time" with no time chosen is what the When row says already.
  const problems = (basket?.problems ?? []).filter(
    (p) => !BASKET_PROBLEMS.includes(p.code) && !(noTime && p.code === 'SLOT_UNAVAILABLE'),
  );
  const delivery = (basket?.fulfillmentType ?? 'delivery') === 'delivery';
  // A visitor reads it as the When row's value; a basket's time is there, so it goes beside the row's label
  // (in a row, not the line under it: the header keeps its height when the basket joins).
  const closedNow = basket && restaurant && !restaurant.openNow && !catering;
  const at = restaurant ? `${restaurant.address1}, ${restaurant.postcode}` : '';
  const [how, place] = basket ? where(basket, restaurant) : [catering ? 'Catering from' : 'From', at];
  return (
    <header className="twm-header">
      <p className="twm-header__kicker">{catering ? 'Catering for groups' : 'Pasta Now · takeaway'}</p>
      <h1 className="twm-header__title">{name}</h1>
      <div className="twm-header__choices">
        <div className="twm-choice">
          <span className="twm-choice__label">{how}</span>
          <span className="twm-choice__value">{place}</span>
          {basket ? (
            <Link to={changePlaceTo} className="twm-choice__action">
              Change<span className="visually-hidden"> address or restaurant</span>
            </Link>
          ) : (
            <Link to={startOrderTo} className="twm-choice__action twm-choice__action--start">
              Start an order
            </Link>
          )}
        </div>
        <div className={`twm-choice${noTime ? ' twm-choice--needed' : ''}`}>
          <span className="twm-choice__label">
            When
            {closedNow
              ? ` · ${restaurant.opensAt ? `Opens at ${timeLabel(new Date(restaurant.opensAt))}` : 'Closed for today'}`
              : ''}
          </span>
          {basket ? (
            <>
              <span className="twm-choice__value">{when}</span>
              <button type="button" className="twm-choice__action" onClick={onChangeTime}>
                Change<span className="visually-hidden"> time</span>
              </button>
            </>
          ) : (
            <span className="twm-choice__value">{openingText(restaurant, catering, leadTimeHours)}</span>
          )}
        </div>
      </div>
      <p className="twm-header__facts">
        {delivery && restaurant ? `${deliveryFeeText(restaurant, catering)} · ` : null}
        Minimum order {formatPenceShort(minimumSpend)}
      </p>
      {catering ? (
        <p className="notice twm-header__catering">
          Platters and trays for groups, ordered at least {leadTimeHours} hours ahead. The minimum catering
          order is {formatPenceShort(minimumSpend)}.
        </p>
      ) : null}
      {problems.length > 0 || notice ? (
        <div className="twm-alerts">
          {notice}
          {problems.map((problem) => (
            <div
              key={`${problem.code}-${problem.detail}`}
              className="notice notice--warning twm-header__problem"
            >
              <p>{problem.detail}</p>
              {TIME_PROBLEMS.includes(problem.code) ? (
                <p className="notice__actions">
                  <button type="button" onClick={onChangeTime}>
                    Choose a time
                  </button>
                </p>
              ) : (
                <p className="notice__actions">
                  <Link to={changePlaceTo}>Change address or restaurant</Link>
                </p>
              )}
            </div>
          ))}
        </div>
      ) : null}
      {allergenNote}
    </header>
  );
}
