import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '../../../shared/router';
import { outcodeOf } from '../../../../domain/address';
import { deliveryQueries } from '../../../features/delivery/delivery.queries';
import { chooseRestaurant } from '../../../features/takeaway/discovery/basket';
import { distanceText, openingText } from '../../../features/takeaway/discovery/facts';
import { nearestForCollection } from '../../../features/takeaway/discovery/nearby';
import type { ChosenAddress } from '../../../features/takeaway/discovery/suggestions';
import { restaurantQueries } from '../../../features/takeaway/restaurants.queries';
import { menuAddress } from '../../../features/takeaway/menu-address';
import { analytics } from '../../../shared/analytics';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';

// The Takeaway-unavailable modal (spec §4 Other flows; issue 19, item 12): no kitchen delivers to the
// address (catering: none caters there). It says so in those words, then offers what is true for it: the
// nearest kitchen to collect from, however far (the distance from the postcode's place), and the recipe
// kits only where they are delivered (the postcode's answer says), or that they are not, yet. And another
// address.

/** "0.5 miles away" near; "about 124 miles away" far, where a tenth of a mile means nothing. */
function farText(miles: number): string {
  return miles < 10 ? distanceText(miles) : `about ${Math.round(miles)} miles away`;
}

export function UnavailableModal({
  address,
  catering,
  onClose,
  onOtherAddress,
}: {
  address: ChosenAddress | null;
  catering: boolean;
  onClose: () => void;
  onOtherAddress: () => void;
}) {
  const where = address?.zip || address?.label || 'this address';
  return (
    <Dialog
      open={address !== null}
      onClose={onClose}
      title={catering ? `We don’t cater at ${where} yet` : `We don’t deliver to ${where} yet`}
      name="takeaway_unavailable"
      className="unavailable-dialog"
    >
      {address ? (
        <div className="unavailable">
          <p>
            None of our kitchens is close enough to {catering ? 'cater at' : 'deliver to'}{' '}
            <strong>{address.label}</strong>.
          </p>
          <NearestKitchen address={address} catering={catering} />
          <RecipeKits postcode={address.zip} />
          <div className="unavailable__actions">
            <button type="button" className="button button--secondary" onClick={onOtherAddress}>
              Check a different address
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/** The nearest kitchen to collect from, and a way to order there for collection. */
function NearestKitchen({ address, catering }: { address: ChosenAddress; catering: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data } = useQuery(restaurantQueries.restaurants());
  const nearest = data ? nearestForCollection(data, address, catering) : null;
  const collect = useMutation({
    mutationFn: (restaurantId: string) =>
      chooseRestaurant(queryClient, { restaurantId, fulfillmentType: 'pickup', address, catering }),
    onSuccess: async (_state, restaurantId) => {
      analytics.ctaClick('takeaway_far_collection', { restaurant: restaurantId, catering });
      await navigate(menuAddress(restaurantId, catering));
    },
  });
  if (!nearest) return null;
  const { restaurant, distanceMiles } = nearest;
  return (
    <section className="unavailable__option" aria-label="Collect from our nearest kitchen">
      <p>
        Our nearest kitchen is <strong>{restaurant.name}</strong>, {restaurant.address1}, {restaurant.city}{' '}
        {restaurant.postcode}: {farText(distanceMiles)} ({openingText(restaurant).toLowerCase()}).
      </p>
      {collect.isError ? (
        <p className="notice notice--warning" role="alert">
          We couldn’t start your order just now. Please try again.
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        disabled={collect.isPending}
        aria-busy={collect.isPending || undefined}
        onClick={() => collect.mutate(restaurant.id)}
      >
        Collect from {restaurant.name}
      </button>
    </section>
  );
}

/** Recipe kits, where the couriers deliver them (the postcode's own answer), or honestly not yet. */
function RecipeKits({ postcode }: { postcode: string }) {
  const area = useQuery(deliveryQueries.postcode(postcode));
  if (!postcode || area.isError) return null;
  if (!area.data) return <Spinner label="Checking where our recipe kits are delivered" />;
  const outcode = area.data.outcode || outcodeOf(postcode);
  if (!area.data.deliverable) {
    return (
      <p className="unavailable__option">
        Our recipe kits aren’t delivered to {outcode} yet either. We’re opening new areas, so please look
        again soon.
      </p>
    );
  }
  return (
    <section className="unavailable__option" aria-label="Recipe kits">
      <p>
        Our recipe kits are delivered to {outcode}: fresh pasta and everything to go with it, ready in
        minutes.
      </p>
      <Link to="/menu" className="button button--secondary">
        Get a recipe kit
      </Link>
    </section>
  );
}
