import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { MenuHeader } from '../../../features/takeaway/menu/header';
import { TakeawayMenuView } from '../../../features/takeaway/menu/menu-view';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';
import { usePageMeta } from '../../../shared/use-page-meta';
import { Spinner } from '../../../shared/ui/spinner';
import { searchPath } from './loader';

// /pasta-now and /catering-menu (issue 13 part 4; spec §2, §3 Takeaway menu, §4 Baskets, §9): the basket's
// restaurant's menu (features/takeaway/menu/menu-view.tsx) under the takeaway header: which restaurant, how
// the food comes and when, with ways to change them.

export function PastaNowMenuPage() {
  return <TakeawayMenu catering={false} />;
}

export function CateringMenuPage() {
  return <TakeawayMenu catering />;
}

function TakeawayMenu({ catering }: { catering: boolean }) {
  usePageMeta(catering ? 'Catering menu' : 'Pasta Now');
  const basketQuery = useQuery(takeawayQueries.basket());
  const basket = basketQuery.data?.basket;
  if (basketQuery.isPending) return <Spinner label="Loading your basket" />;
  // The basket went (emptied at sign-out, or in another tab) or changed kind: find a restaurant again.
  if (!basket?.restaurantId || basket.isCateringOrder !== catering) {
    return basketQuery.isError ? (
      <div className="twm-page">
        <p className="notice notice--error" role="alert">
          Couldn’t load your basket. Please check your connection and try again.
        </p>
      </div>
    ) : (
      <Navigate to={searchPath(catering)} replace />
    );
  }
  const restaurantId = basket.restaurantId;
  return (
    <TakeawayMenuView
      basket={basket}
      restaurantId={restaurantId}
      catering={catering}
      checkoutTo={catering ? '/catering-checkout' : '/pasta-now-checkout'}
      header={({ restaurant, menu, onChangeTime, allergenNote }) => (
        <MenuHeader
          basket={basket}
          restaurant={restaurant}
          restaurantId={restaurantId}
          catering={catering}
          minimumSpend={menu?.meta.minimumSpend ?? basket.minimumSpend}
          leadTimeHours={menu?.meta.leadTimeHours ?? restaurant?.cateringLeadHours ?? 0}
          changePlaceTo={searchPath(catering)}
          onChangeTime={onChangeTime}
          allergenNote={allergenNote}
        />
      )}
    />
  );
}
