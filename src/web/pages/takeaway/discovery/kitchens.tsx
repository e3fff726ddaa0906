import { useQuery } from '@tanstack/react-query';
import type { Restaurant } from '../../../../contracts/restaurants';
import { formatPenceShort } from '../../../../domain/money';
import { restaurantQueries } from '../../../features/takeaway/restaurants.queries';
import { openingText } from '../../../features/takeaway/discovery/facts';

// Our kitchens, under the address search: where Sfoglia cooks (so a customer far from all of them knows
// before searching), open now or when. Public, so the server renders it in the page.

export function OurKitchens({ catering }: { catering: boolean }) {
  const { data } = useQuery(restaurantQueries.restaurants());
  const kitchens = (data ?? []).filter((r: Restaurant) => !catering || r.offersCatering);
  if (kitchens.length === 0) return null;
  return (
    <section className="kitchens" aria-labelledby="kitchens-heading">
      <h2 id="kitchens-heading">Our kitchens</h2>
      <ul className="kitchens__list">
        {kitchens.map((kitchen) => (
          <li key={kitchen.id} className="kitchens__item">
            <strong>{kitchen.name}</strong>
            <span>
              {kitchen.address1}, {kitchen.city} {kitchen.postcode}
            </span>
            <span className="kitchens__when">
              {catering
                ? `Catering from ${formatPenceShort(kitchen.cateringMinimumSpend)}, ${kitchen.cateringLeadHours} hours’ notice`
                : openingText(kitchen)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
