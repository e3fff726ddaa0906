import { useQuery } from '@tanstack/react-query';
import { formatPence } from '../../../domain/money';
import { dineInQueries } from '../../features/dine-in/dine-in.queries';
import { useDiner } from '../../features/dine-in/diner';
import { Link } from '../../shared/router';

// The guest's open tab at this restaurant, under a table's heading: loaded once the page is live (it is the
// visitor's own, and its tab and guest contracts are not the first screen's).

export function TabBanner({ restaurantId }: { restaurantId: string }) {
  const { diner } = useDiner();
  const tab = useQuery({ ...dineInQueries.tab(null), enabled: diner !== null, refetchInterval: 30_000 });
  const open =
    tab.data &&
    (tab.data.state === 'open' || tab.data.state === 'settling') &&
    tab.data.restaurant.id === restaurantId
      ? tab.data
      : null;
  if (!open) return null;
  return (
    <p className="di-tab-banner">
      <span>
        Your tab: <strong>{formatPence(open.foodTotal)}</strong>
        {open.state === 'settling' ? ' · being paid' : ''}
      </span>
      <Link to={`/dine-in-view-tab?tab=${open.id}`} className="di-tab-banner__link">
        View tab
      </Link>
    </p>
  );
}
