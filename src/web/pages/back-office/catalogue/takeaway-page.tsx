import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPence } from '../../../../domain/money';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { backOfficeQueries } from '../back-office.queries';
import type { BackOfficeScreenProps } from '../screens';
import { catalogueApi, catalogueQueries, type TakeawayItemView } from './catalogue.queries';
import { penceOf } from './dish-editor';
import './catalogue.css';

// /back-office/takeaway (issue 25 part 2): a restaurant's takeaway and catering menu; an item marked sold out
// there until tomorrow or available again, and its price (the same at every restaurant).

const UNTIL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function ItemRow({ restaurantId, item }: { restaurantId: string; item: TakeawayItemView }) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState((item.pricePence / 100).toFixed(2));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = async (body: { soldOut?: boolean; pricePence?: number }, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await catalogueApi.changeTakeawayItem(restaurantId, item.id, body, randomId());
      showToast(done);
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.takeaway(restaurantId).queryKey });
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const savePrice = (event: FormEvent) => {
    event.preventDefault();
    const pence = penceOf(price);
    if (pence === null) {
      setProblem('Enter a price in pounds, such as 9.50.');
      return;
    }
    void change({ pricePence: pence }, `${item.title} is ${formatPence(Math.max(pence, 0))}`);
  };
  return (
    <tr>
      <td>
        {item.title}
        <span className="back-office__muted"> · {item.category}</span>
      </td>
      <td>
        <form className="catalogue__add" onSubmit={savePrice} noValidate>
          <label className="visually-hidden" htmlFor={`price-${item.id}`}>
            Price of {item.title} (£)
          </label>
          <input
            id={`price-${item.id}`}
            type="text"
            inputMode="decimal"
            size={7}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          <button
            type="submit"
            className="link-button"
            disabled={busy}
            aria-label={`Save the price of ${item.title}`}
          >
            Save
          </button>
        </form>
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
      </td>
      <td>
        {!item.available
          ? 'Off everywhere'
          : item.soldOutUntil
            ? `Sold out until ${UNTIL.format(new Date(item.soldOutUntil))}`
            : 'Available'}
      </td>
      <td>
        {item.soldOutUntil ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={`Available again: ${item.title}`}
            onClick={() => void change({ soldOut: false }, `${item.title} is available again`)}
          >
            Available again
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={`Sold out: ${item.title}`}
            onClick={() => void change({ soldOut: true }, `${item.title} is sold out until tomorrow`)}
          >
            Sold out
          </button>
        )}
      </td>
    </tr>
  );
}

export function TakeawayPage(_props: BackOfficeScreenProps) {
  usePageMeta('Takeaway menus · Back office');
  const restaurants = useQuery(backOfficeQueries.restaurants());
  const [chosen, setChosen] = useState('');
  const restaurantId = chosen || restaurants.data?.[0]?.id || '';
  const items = useQuery({ ...catalogueQueries.takeaway(restaurantId), enabled: restaurantId !== '' });
  return (
    <section aria-labelledby="takeaway-heading">
      <div className="catalogue__head">
        <h1 id="takeaway-heading">Takeaway menus</h1>
      </div>
      <p className="back-office__help">
        Sold out lasts at this restaurant until the start of tomorrow. A price is the same at every
        restaurant.
      </p>
      {restaurants.isPending ? (
        <Spinner label="Loading the restaurants" />
      ) : restaurants.isError ? (
        <LoadFailed message="We couldn’t load the restaurants." onRetry={() => void restaurants.refetch()} />
      ) : (
        <div className="catalogue__filters">
          <div>
            <label htmlFor="takeaway-restaurant">Restaurant</label>
            <select id="takeaway-restaurant" value={restaurantId} onChange={(e) => setChosen(e.target.value)}>
              {restaurants.data.map((restaurant) => (
                <option key={restaurant.id} value={restaurant.id}>
                  {restaurant.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {restaurantId === '' ? null : items.isPending ? (
        <Spinner label="Loading the menu" />
      ) : items.isError ? (
        <LoadFailed message="We couldn’t load this menu." onRetry={() => void items.refetch()} />
      ) : (
        <div
          className="back-office__table-wrap"
          role="region"
          aria-label="The takeaway and catering menu at this restaurant"
          tabIndex={0}
        >
          <table className="back-office__table">
            <caption className="visually-hidden">The takeaway and catering menu at this restaurant</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Price (£)</th>
                <th scope="col">Here</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.data.map((item) => (
                <ItemRow key={`${restaurantId}-${item.id}`} restaurantId={restaurantId} item={item} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
