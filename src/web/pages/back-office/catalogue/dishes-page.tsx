import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { formatPence } from '../../../../domain/money';
import { Link } from '../../../shared/router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageMeta } from '../../../shared/use-page-meta';
import type { BackOfficeScreenProps } from '../screens';
import { catalogueQueries, type DishView } from './catalogue.queries';
import { DishEditor } from './dish-editor';
import './catalogue.css';

// /back-office/dishes (issue 25 part 2): the dishes by title, found by a word of it, shown or hidden from the
// menu; /back-office/dishes/new makes one, /back-office/dishes/{id} changes one.

type HiddenFilter = 'all' | 'exclude' | 'only';

function priceRange(dish: DishView): string {
  const prices = dish.variants.map((variant) => variant.pricePence);
  if (prices.length === 0) return '—';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPence(low) : `${formatPence(low)} – ${formatPence(high)}`;
}

function allergenSummary(dish: DishView): string {
  if (dish.containsNoAllergens === null) return 'Not declared';
  if (dish.containsNoAllergens) return 'None of the 14';
  return `${dish.allergens.length} of the 14`;
}

function DishList() {
  usePageMeta('Dishes · Back office');
  const [search, setSearch] = useState('');
  const [hidden, setHidden] = useState<HiddenFilter>('all');
  const term = useDeferredValue(search.trim());
  const dishes = useQuery(
    catalogueQueries.dishes({
      ...(term ? { search: term } : {}),
      ...(hidden === 'all' ? {} : { hidden }),
    }),
  );
  return (
    <section aria-labelledby="dishes-heading">
      <div className="catalogue__head">
        <h1 id="dishes-heading">Dishes</h1>
        <Link className="button" to="/back-office/dishes/new">
          New dish
        </Link>
      </div>
      <form className="catalogue__filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor="dish-search">Find a dish by its title</label>
          <input
            id="dish-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="dish-hidden">Show</label>
          <select
            id="dish-hidden"
            value={hidden}
            onChange={(event) => setHidden(event.target.value as HiddenFilter)}
          >
            <option value="all">All dishes</option>
            <option value="exclude">Only those on the menu</option>
            <option value="only">Only those hidden from the menu</option>
          </select>
        </div>
      </form>
      {dishes.isPending ? (
        <Spinner label="Loading the dishes" />
      ) : dishes.isError ? (
        <LoadFailed message="We couldn’t load the dishes." onRetry={() => void dishes.refetch()} />
      ) : dishes.data.length === 0 ? (
        <p className="back-office__muted">No dish matches. Try another word, or show all dishes.</p>
      ) : (
        <div className="back-office__table-wrap" role="region" aria-label="Dishes, by title" tabIndex={0}>
          <table className="back-office__table">
            <caption className="visually-hidden">Dishes, by title</caption>
            <thead>
              <tr>
                <th scope="col">Dish</th>
                <th scope="col">Type</th>
                <th scope="col" data-numeric>
                  Price
                </th>
                <th scope="col" data-numeric>
                  Stock
                </th>
                <th scope="col">Allergens</th>
                <th scope="col">On the menu</th>
              </tr>
            </thead>
            <tbody>
              {dishes.data.map((dish) => (
                <tr key={dish.id}>
                  <td>
                    <Link to={`/back-office/dishes/${dish.id}`}>{dish.title}</Link>
                  </td>
                  <td>{dish.productType}</td>
                  <td data-numeric>{priceRange(dish)}</td>
                  <td data-numeric>{dish.variants.reduce((sum, variant) => sum + variant.stock, 0)}</td>
                  <td>{allergenSummary(dish)}</td>
                  <td>{dish.hidden ? 'Hidden' : 'Shown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function EditDish({ id }: { id: string }) {
  const dish = useQuery(catalogueQueries.dish(id));
  usePageMeta(`${dish.data?.title ?? 'Dish'} · Back office`);
  if (dish.isPending) return <Spinner label="Loading the dish" />;
  if (dish.isError)
    return <LoadFailed message="We couldn’t load this dish." onRetry={() => void dish.refetch()} />;
  return <DishEditor key={dish.data.id} dish={dish.data} />;
}

function NewDish() {
  usePageMeta('New dish · Back office');
  return <DishEditor dish={null} />;
}

export function DishesPage({ rest }: BackOfficeScreenProps) {
  if (rest === 'new') return <NewDish />;
  if (/^\d{1,15}$/.test(rest)) return <EditDish id={rest} />;
  return <DishList />;
}
