import { memo } from 'react';
import type { MenuProduct } from '../../../../contracts/restaurants';
import { formatPence } from '../../../../domain/money';
import type { DishAvailability } from './availability';
import { groupOptions } from './choice';
import { pictureSources } from '../../../../domain/pictures';

// A dish on the takeaway menu, several to a phone screen: its name, a line about it, what it is
// (vegetarian, vegan, gluten free, serves), its allergens, a conflict with the customer's allergen profile,
// the price in £ and Add. Add and the name open the modifiers sheet; an unavailable dish says why and
// cannot be added.

const DIETARY: Record<string, [short: string, long: string]> = {
  vegan: ['VG', 'Vegan'],
  vegetarian: ['V', 'Vegetarian'],
  'gluten-free': ['GF', 'Gluten free'],
};

export function DietaryBadges({ product }: { product: Pick<MenuProduct, 'dietary' | 'serves'> }) {
  const words = product.dietary.filter(
    (word) => DIETARY[word] && !(word === 'vegetarian' && product.dietary.includes('vegan')),
  );
  if (words.length === 0 && !product.serves) return null;
  return (
    <ul className="twm-facts" aria-label="About this dish">
      {words.map((word) => (
        <li key={word} className="badge-tag" title={DIETARY[word]![1]}>
          <abbr title={DIETARY[word]![1]}>{DIETARY[word]![0]}</abbr>
          <span className="visually-hidden"> ({DIETARY[word]![1]})</span>
        </li>
      ))}
      {product.serves ? <li className="twm-facts__serves">Serves {product.serves}</li> : null}
    </ul>
  );
}

/** "Contains milk and eggs, which are in your allergen profile." */
export function conflictText(conflicts: readonly { name: string }[]): string {
  const names = conflicts.map((c) => c.name.toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Contains ${list}, ${names.length > 1 ? 'which are' : 'which is'} in your allergen profile`;
}

function DishCardView({
  product,
  availability,
  inBasket,
  showConflicts,
  onOpen,
  eager = false,
}: {
  product: MenuProduct;
  availability: DishAvailability;
  inBasket: number;
  /** The customer has an allergen profile: conflicts are marked. */
  showConflicts: boolean;
  onOpen: (product: MenuProduct) => void;
  /** On the first screen: its picture is fetched at once, first (issue 19, item 17). */
  eager?: boolean;
}) {
  const titleId = `twm-dish-${product.id}`;
  const bigger = groupOptions(product, 'size').filter((size) => size.price > 0);
  const conflicts = showConflicts ? product.conflictingAllergens : [];
  return (
    <article
      className={`twm-dish${availability.available ? '' : ' twm-dish--unavailable'}${conflicts.length > 0 ? ' twm-dish--conflict' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="twm-dish__body">
        <h3 className="twm-dish__title" id={titleId}>
          <button type="button" className="link-button" onClick={() => onOpen(product)}>
            {product.title}
          </button>
        </h3>
        {product.description ? <p className="twm-dish__description">{product.description}</p> : null}
        <DietaryBadges product={product} />
        {product.allergens.length > 0 ? (
          <p className="twm-dish__allergens">
            <span className="twm-dish__allergens-label">Allergens:</span>{' '}
            {product.allergens.map((a) => a.name).join(', ')}
          </p>
        ) : null}
        {conflicts.length > 0 ? (
          <p className="twm-conflict">
            <span aria-hidden="true">⚠ </span>
            {conflictText(conflicts)}
          </p>
        ) : null}
        <div className="twm-dish__footer">
          <p className="twm-dish__price">
            {formatPence(product.price)}
            {bigger.length > 0 ? (
              <span className="twm-dish__more">
                {bigger
                  .map((size) => `${size.label ?? size.title} ${formatPence(product.price + size.price)}`)
                  .join(' · ')}
              </span>
            ) : null}
          </p>
          {availability.available ? (
            <>
              {inBasket > 0 ? <span className="twm-dish__in-basket">{inBasket} in basket</span> : null}
              <button
                type="button"
                className="button button--primary button--small twm-dish__add"
                onClick={() => onOpen(product)}
                aria-label={`Add ${product.title}`}
              >
                Add
              </button>
            </>
          ) : (
            <span className="twm-dish__unavailable">{availability.reason}</span>
          )}
        </div>
      </div>
      {product.imageUrl ? (
        <img
          className="twm-dish__image"
          {...pictureSources(product.imageUrl, 96)}
          alt=""
          width={96}
          height={96}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          {...(eager ? { fetchPriority: 'high' as const } : {})}
        />
      ) : null}
    </article>
  );
}

/** A card re-renders only when its dish, its availability or its count in the basket change. */
export const MenuDishCard = memo(
  DishCardView,
  (prev, next) =>
    prev.product === next.product &&
    prev.inBasket === next.inBasket &&
    prev.showConflicts === next.showConflicts &&
    prev.onOpen === next.onOpen &&
    prev.eager === next.eager &&
    prev.availability.available === next.availability.available &&
    (prev.availability.available ||
      prev.availability.reason === (next.availability as { reason: string }).reason),
);
