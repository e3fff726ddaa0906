import { useQuery } from '@tanstack/react-query';
import type { Restaurant } from '../../../../contracts/restaurants';
import { formatPenceShort } from '../../../../domain/money';
import { restaurantQueries } from '../../../features/takeaway/restaurants.queries';
import { openingText } from '../../../features/takeaway/discovery/facts';
import { menuAddress } from '../../../features/takeaway/menu-address';
import { Link } from '../../../shared/router';

// Our kitchens, under the address search: where Sfoglia cooks (so a customer far from all of them knows
// before searching), open now or when, each name a link to its menu's public address. Public, so the server
// renders it in the page.

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
            <Link to={menuAddress(kitchen.id, catering)} className="kitchens__name">
              <strong>{kitchen.name}</strong>
            </Link>
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
