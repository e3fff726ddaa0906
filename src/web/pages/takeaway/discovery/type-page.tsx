import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import { chooseRestaurant } from '../../../features/takeaway/discovery/basket';
import {
  collectionText,
  deliveryFeeText,
  FULFILMENT_LABELS,
} from '../../../features/takeaway/discovery/facts';
import type { NearbyRestaurant } from '../../../features/takeaway/discovery/nearby';
import { useNearby } from './use-nearby';
import type { ChosenAddress } from '../../../features/takeaway/discovery/suggestions';
import { analytics } from '../../../shared/analytics';
import { isRefusal } from '../../../shared/api/client';
import { usePageMeta } from '../../../shared/use-page-meta';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { AddressLine, useCatering, useSearchedAddress } from './find-page';
import { findPath, searchPath } from './loaders';

// /pasta-type (issue 13 part 4): delivery, collection or eat-in from the restaurant chosen, only the ways it
// offers that apply here (delivery only within its radius; catering is never eaten in). Choosing one makes
// or changes the takeaway basket and opens the menu (/pasta-now, or /catering-menu).

export function TypePage() {
  const catering = useCatering();
  const address = useSearchedAddress();
  const [params] = useSearchParams();
  usePageMeta('How would you like it?');
  if (!address) return <Navigate to={searchPath(catering)} replace />;
  return (
    <div className="discovery">
      <h1>How would you like it?</h1>
      <AddressLine address={address} catering={catering} />
      <Choices address={address} catering={catering} restaurantId={params.get('restaurant') ?? ''} />
    </div>
  );
}

function Choices({
  address,
  catering,
  restaurantId,
}: {
  address: ChosenAddress;
  catering: boolean;
  restaurantId: string;
}) {
  const nearby = useNearby(address, catering);
  if (nearby.isError) {
    return <LoadFailed message="We couldn’t load the restaurant just now." onRetry={nearby.refetch} />;
  }
  if (!nearby.data) return <Spinner label="Loading the restaurant" />;
  const entry = nearby.data.find((e) => e.restaurant.id === restaurantId);
  if (!entry) {
    return (
      <div className="notice" role="status">
        <p>That restaurant can’t serve this address.</p>
        <p className="notice__actions">
          <Link to={findPath(catering)}>See the restaurants near you</Link>
        </p>
      </div>
    );
  }
  return <TypeChoices entry={entry} address={address} catering={catering} />;
}

function TypeChoices({
  entry,
  address,
  catering,
}: {
  entry: NearbyRestaurant;
  address: ChosenAddress;
  catering: boolean;
}) {
  const { restaurant, fulfillmentTypes } = entry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const choose = useMutation({
    mutationFn: (fulfillmentType: FulfillmentType) =>
      chooseRestaurant(queryClient, { restaurantId: restaurant.id, fulfillmentType, address, catering }),
    onSuccess: async (_state, fulfillmentType) => {
      analytics.ctaClick('takeaway_fulfilment_chosen', {
        restaurant: restaurant.id,
        fulfillmentType,
        catering,
      });
      await navigate(catering ? '/catering-menu' : '/pasta-now');
    },
  });
  const detail: Record<FulfillmentType, string> = {
    delivery: catering
      ? `To ${address.label}, at the time you choose · ${deliveryFeeText(restaurant, true)}`
      : `To ${address.label} · ${restaurant.etaText} · ${deliveryFeeText(restaurant)}`,
    pickup: catering
      ? `From ${restaurant.address1}, ${restaurant.postcode}, at the time you choose`
      : `From ${restaurant.address1}, ${restaurant.postcode} · ${collectionText(restaurant)}`,
    eat_in: `Order to your table at ${restaurant.name}`,
  };
  const outOfRange =
    restaurant.fulfillmentTypes.includes('delivery') && !fulfillmentTypes.includes('delivery');
  return (
    <section aria-labelledby="type-restaurant">
      <h2 id="type-restaurant" className="type-restaurant">
        {restaurant.name}
      </h2>
      {outOfRange ? (
        <p className="notice">
          {restaurant.name} delivers within {restaurant.deliveryRadiusMiles} miles: this address is too far
          for a delivery.
        </p>
      ) : null}
      {choose.isError ? (
        <LoadFailed
          message={
            isRefusal(choose.error)
              ? choose.error.message
              : 'We couldn’t save your choice just now. Please try again.'
          }
        />
      ) : null}
      <ul className="type-choices">
        {fulfillmentTypes.map((type) => {
          const busy = choose.isPending && choose.variables === type;
          return (
            <li key={type}>
              <button
                type="button"
                className="type-choice"
                disabled={choose.isPending}
                aria-busy={busy || undefined}
                onClick={() => choose.mutate(type)}
              >
                <span className="type-choice__name">{FULFILMENT_LABELS[type]}</span>
                <span className="type-choice__detail">{detail[type]}</span>
                {busy ? <Spinner label="Saving your choice" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to={findPath(catering)}>Choose another restaurant</Link>
      </p>
    </section>
  );
}
