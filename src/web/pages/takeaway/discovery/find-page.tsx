import { Link, Navigate, useSearchParams } from '../../../shared/router';
import {
  deliveryFeeText,
  distanceText,
  FULFILMENT_LABELS,
  minimumText,
  openingText,
} from '../../../features/takeaway/discovery/facts';
import type { NearbyRestaurant } from '../../../features/takeaway/discovery/nearby';
import { useNearby } from './use-nearby';
import { usePreviousSuggestions, type ChosenAddress } from '../../../features/takeaway/discovery/suggestions';
import { usePageMeta } from '../../../shared/use-page-meta';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { searchPath, typePath } from './loaders';

// /pasta-now-find (issue 13 part 4): the restaurants near the address searched, nearest first, with how
// far, whether they are open, how long a delivery takes, its fee and the minimum spend; choosing one asks
// how to have it (/pasta-type).

export function useCatering(): boolean {
  const [params] = useSearchParams();
  return params.get('catering') === 'true';
}

/** The address searched from (the newest previous suggestion): none sends the customer to the search. */
export function useSearchedAddress(): ChosenAddress | null {
  return usePreviousSuggestions()[0] ?? null;
}

export function AddressLine({ address, catering }: { address: ChosenAddress; catering: boolean }) {
  return (
    <p className="discovery-address">
      <span>
        {catering ? 'For' : 'Near'} <strong>{address.label}</strong>
      </span>{' '}
      <Link to={searchPath(catering)}>Change address</Link>
    </p>
  );
}

export function FindPage() {
  const catering = useCatering();
  const address = useSearchedAddress();
  usePageMeta(catering ? 'Catering near you' : 'Restaurants near you');
  if (!address) return <Navigate to={searchPath(catering)} replace />;
  return (
    <div className="discovery">
      <h1>{catering ? 'Kitchens that cater near you' : 'Restaurants near you'}</h1>
      <AddressLine address={address} catering={catering} />
      <NearbyList address={address} catering={catering} />
    </div>
  );
}

function NearbyList({ address, catering }: { address: ChosenAddress; catering: boolean }) {
  const nearby = useNearby(address, catering);
  if (nearby.isError) {
    return (
      <LoadFailed message="We couldn’t find the restaurants near you just now." onRetry={nearby.refetch} />
    );
  }
  if (!nearby.data) return <Spinner label="Finding restaurants near you" />;
  if (nearby.data.length === 0) {
    return (
      <div className="notice" role="status">
        <p>No restaurants available near this address yet.</p>
        <p className="notice__actions">
          <Link to="/menu">Get a recipe kit</Link>
          <Link to={searchPath(catering)}>Check a different address</Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="restaurant-cards" aria-label="Restaurants, nearest first">
      {nearby.data.map((entry) => (
        <RestaurantCard key={entry.restaurant.id} entry={entry} catering={catering} />
      ))}
    </ul>
  );
}

function RestaurantCard({ entry, catering }: { entry: NearbyRestaurant; catering: boolean }) {
  const { restaurant, distanceMiles, fulfillmentTypes } = entry;
  const delivers = fulfillmentTypes.includes('delivery');
  return (
    <li className="restaurant-card">
      <div className="restaurant-card__head">
        <h2>{restaurant.name}</h2>
        <span className={`restaurant-card__open ${restaurant.openNow ? 'restaurant-card__open--now' : ''}`}>
          {openingText(restaurant)}
        </span>
      </div>
      <p className="restaurant-card__where">
        {restaurant.address1}, {restaurant.postcode} · {distanceText(distanceMiles)}
      </p>
      <ul className="restaurant-card__facts">
        {catering ? (
          <li>Order {restaurant.cateringLeadHours} hours ahead</li>
        ) : delivers ? (
          <li>Delivery in {restaurant.etaText}</li>
        ) : null}
        {delivers ? <li>{deliveryFeeText(restaurant, catering)}</li> : null}
        <li>{minimumText(restaurant, catering)}</li>
      </ul>
      <p className="restaurant-card__ways">
        <span className="visually-hidden">Ways to order: </span>
        {fulfillmentTypes.map((type) => FULFILMENT_LABELS[type]).join(' · ')}
      </p>
      <Link to={typePath(restaurant.id, catering)} className="button button--primary restaurant-card__choose">
        Choose<span className="visually-hidden"> {restaurant.name}</span>
      </Link>
    </li>
  );
}
