import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from '../../../shared/router';
import { menuAddress, restaurantOfAddress } from '../../../features/takeaway/menu-address';
import { MenuHeader } from '../../../features/takeaway/menu/header';
import { TakeawayMenuView } from '../../../features/takeaway/menu/menu-view';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { NotFoundPage } from '../../../app/not-found';
import { modalHistorySettled } from '../../../shared/ui/modal-history';
import { showToast } from '../../../shared/ui/toast';
import { Spinner } from '../../../shared/ui/spinner';
import { useHydrated } from '../../../shared/use-hydrated';
import { usePageMeta } from '../../../shared/use-page-meta';
import { searchPath } from './loader';

// /pasta-now?restaurant=… and /catering-menu?restaurant=… (issue 13 part 4, issue 24 part 2; spec §2, §3
// Takeaway menu, §4 Baskets, §9): a restaurant's menu (features/takeaway/menu/menu-view.tsx) under the
// takeaway header, rendered on the server as anyone sees it. Once the page is live the visitor's basket is
// read: when it is this restaurant's (and this kind, takeaway or catering), the header says where and when,
// and the dishes add to it; otherwise Add starts an order (where they are and how they want it). The bare
// address goes to the basket's restaurant's menu (the loader, and the server for a page load).

export function PastaNowMenuPage() {
  return <TakeawayMenu catering={false} />;
}

export function CateringMenuPage() {
  return <TakeawayMenu catering />;
}

/** Where a visitor starts an order from this restaurant: how they want it, for the address they searched. */
const startOrderPath = (restaurantId: string, catering: boolean) =>
  `/pasta-type?restaurant=${encodeURIComponent(restaurantId)}${catering ? '&catering=true' : ''}`;

function TakeawayMenu({ catering }: { catering: boolean }) {
  const [params] = useSearchParams();
  const restaurantId = restaurantOfAddress(params);
  if (!restaurantId) return <ToBasketsMenu catering={catering} />;
  return <RestaurantMenu key={restaurantId} restaurantId={restaurantId} catering={catering} />;
}

/** The bare address: the basket's restaurant's menu, or the search (the loader has done it already). */
function ToBasketsMenu({ catering }: { catering: boolean }) {
  usePageMeta(catering ? 'Catering menu' : 'Pasta Now');
  const basketQuery = useQuery(takeawayQueries.basket());
  if (basketQuery.isPending) return <Spinner label="Loading your basket" />;
  const basket = basketQuery.data?.basket;
  const to =
    basket?.restaurantId && basket.isCateringOrder === catering
      ? menuAddress(basket.restaurantId, catering)
      : searchPath(catering);
  return <Navigate to={to} replace />;
}

function RestaurantMenu({ restaurantId, catering }: { restaurantId: string; catering: boolean }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const known = useQuery(takeawayQueries.known(restaurantId));
  const restaurant = useQuery({
    ...takeawayQueries.restaurant(restaurantId),
    enabled: known.data !== false,
  });
  usePageMeta(
    known.data === false
      ? 'Restaurant not found'
      : restaurant.data
        ? `${restaurant.data.name} · ${catering ? 'Catering menu' : 'Pasta Now'}`
        : 'Pasta Now',
  );
  // The visitor's own basket, read in the browser only once the page is live (the HTML is anyone's).
  const basketQuery = useQuery({ ...takeawayQueries.basket(), enabled: hydrated });
  const own = hydrated ? basketQuery.data?.basket : undefined;
  const basket = own?.restaurantId === restaurantId && own.isCateringOrder === catering ? own : null;
  // Another restaurant's takeaway or catering basket (a table's has its own page).
  const other = own?.restaurantId && !basket && own.fulfillmentType !== 'eat_in' ? own : null;
  const startOrderTo = startOrderPath(restaurantId, catering);

  // An address that names no restaurant of ours: the shop's not-found page (the server answers it 404).
  if (known.data === false) {
    return (
      <NotFoundPage
        title="We can’t find that restaurant"
        pageTitle="Restaurant not found"
        message="There is no Sfoglia restaurant at this address: the link may be mistyped, or the restaurant may have closed."
        action={{ to: searchPath(catering), label: 'Find a restaurant near you' }}
      />
    );
  }
  return (
    <TakeawayMenuView
      basket={basket}
      restaurantId={restaurantId}
      catering={catering}
      checkoutTo={catering ? '/catering-checkout' : '/pasta-now-checkout'}
      withoutBasket={{
        basketForAdd: async () => {
          showToast('First tell us where you are and how you’d like your food, then add your dishes.');
          // The dish's sheet has just closed: its history entry goes first, or its back() would undo this.
          await new Promise((resolve) => setTimeout(resolve, 0));
          await modalHistorySettled();
          await navigate(startOrderTo);
          return null;
        },
        panel: (
          <div className="twm-basket twm-basket--start">
            <p>Tell us where you are and how you’d like your food to start an order here.</p>
            <Link to={startOrderTo} className="button button--primary button--block">
              Start an order
            </Link>
          </div>
        ),
      }}
      header={({ restaurant: found, menu, onChangeTime, allergenNote }) => (
        <MenuHeader
          basket={basket}
          restaurant={found}
          restaurantId={restaurantId}
          catering={catering}
          minimumSpend={
            menu?.meta.minimumSpend ??
            basket?.minimumSpend ??
            (catering ? found?.cateringMinimumSpend : found?.minimumSpend) ??
            0
          }
          leadTimeHours={menu?.meta.leadTimeHours ?? found?.cateringLeadHours ?? 0}
          changePlaceTo={searchPath(catering)}
          startOrderTo={startOrderTo}
          onChangeTime={onChangeTime}
          allergenNote={allergenNote}
          notice={
            other ? (
              <p className="notice twm-header__problem" role="status">
                Your basket is for {other.restaurant?.name ?? 'another restaurant'}
                {other.isCateringOrder !== catering
                  ? other.isCateringOrder
                    ? ' (catering)'
                    : ' (takeaway)'
                  : ''}
                . <Link to={menuAddress(other.restaurantId!, other.isCateringOrder)}>Back to its menu</Link>
              </p>
            ) : null
          }
        />
      )}
    />
  );
}
