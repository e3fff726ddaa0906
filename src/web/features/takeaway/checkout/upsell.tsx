import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MenuProduct } from '../../../../contracts/restaurants';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { formatPence } from '../../../../domain/money';
import { isRefusal } from '../../../shared/api/client';
import { randomId } from '../../../shared/random-id';
import { CheckIcon } from '../../../shared/ui/icons';
import { upsellProducts } from './rules';
import { takeawayBasketApi, takeawayQueries, type TakeawayBasketState } from '../takeaway.queries';
import { useMenuViewer } from '../menu/viewer';
import { pictureSources } from '../../../../domain/pictures';

// "Add something?" (spec §9 upsell categories): sides, drinks, desserts and gelato from the restaurant's
// menu, each added in one tap with its default size (an idempotency key per tap: a retry never adds two).
// What is offered is fixed when the step opens, so a dish just added stays in view, saying so.

export function Upsell({
  basket,
  onChange,
}: {
  basket: TakeawayBasket;
  onChange: (state: TakeawayBasketState) => void;
}) {
  const viewer = useMenuViewer();
  const menu = useQuery(
    takeawayQueries.menu(basket.restaurantId!, basket.fulfillmentType!, basket.isCateringOrder, viewer),
  );
  const [before] = useState(() => basket.items);
  const [adding, setAdding] = useState<string | null>(null);
  const [added, setAdded] = useState<Record<string, number>>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (!menu.data) return null;
  const offered = upsellProducts(menu.data, { ...basket, items: before }, 6);
  if (offered.length === 0) return null;

  const add = async (product: MenuProduct) => {
    setAdding(product.id);
    setProblem(null);
    try {
      onChange(
        await takeawayBasketApi.addItem(
          basket.id,
          { productId: Number(product.id), quantity: 1 },
          randomId(),
        ),
      );
      setAdded((counts) => ({ ...counts, [product.id]: (counts[product.id] ?? 0) + 1 }));
    } catch (error) {
      setProblem(isRefusal(error) ? error.message : `We couldn’t add ${product.title}. Please try again.`);
    } finally {
      setAdding(null);
    }
  };

  return (
    <section className="checkout-card tw-upsell" aria-labelledby="tw-upsell-heading">
      <h2 id="tw-upsell-heading">Add something?</h2>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <ul className="tw-upsell__list">
        {offered.map((product) => {
          const count = added[product.id] ?? 0;
          return (
            <li key={product.id} className="tw-upsell__item">
              {product.imageUrl ? (
                <img {...pictureSources(product.imageUrl, 64)} alt="" width={64} height={64} />
              ) : null}
              <span className="tw-upsell__text">
                <span className="tw-upsell__title">{product.title}</span>
                <span className="tw-upsell__price">{formatPence(product.price)}</span>
                {product.conflictingAllergens.length > 0 ? (
                  <span className="tw-upsell__warn">
                    Contains {product.conflictingAllergens.map((a) => a.name.toLowerCase()).join(', ')}
                  </span>
                ) : null}
                {count > 0 ? (
                  <span className="tw-upsell__added" role="status">
                    <CheckIcon /> {count === 1 ? 'Added' : `${count} added`}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={adding !== null}
                aria-busy={adding === product.id}
                aria-label={`${count > 0 ? 'Add another' : 'Add'} ${product.title}, ${formatPence(product.price)}`}
                onClick={() => void add(product)}
              >
                {adding === product.id ? 'Adding…' : count > 0 ? 'Add another' : 'Add'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
