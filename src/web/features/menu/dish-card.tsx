import { memo, useState } from 'react';
import { formatPence } from '../../../domain/money';
import { AddControl, type LineState } from './add-control';
import type { MenuDish, MenuVariant } from './menu.queries';
import { PortionPicker } from './portion-picker';

const BADGES: [tag: string, label: string, title: string][] = [
  ['vegan', 'VG', 'Vegan'],
  ['vegetarian', 'V', 'Vegetarian'],
  ['gluten-free', 'GF', 'Gluten free'],
  ['dairy-free', 'DF', 'Dairy free'],
  ['kids', 'Kids', 'Kids’ favourite'],
];

export const LOW_STOCK = 5;

function DishCardView({
  dish,
  orderable,
  lineFor,
  onAdd,
  onSetQuantity,
  onOpen,
  eager,
}: {
  dish: MenuDish;
  orderable: boolean;
  lineFor: (variantId: string) => LineState | undefined;
  onAdd: (dish: MenuDish, variant: MenuVariant) => void;
  onSetQuantity: (itemId: string, quantity: number) => void;
  onOpen: (dish: MenuDish) => void;
  /** Above the fold: load the image first. */
  eager?: boolean;
}) {
  const [variantId, setVariantId] = useState(dish.variants[0]?.id ?? '');
  const variant = dish.variants.find((v) => v.id === variantId) ?? dish.variants[0];
  const image = dish.images[0];
  const badges = BADGES.filter(([tag]) => dish.tags.includes(tag)).filter(
    ([tag]) => !(tag === 'vegetarian' && dish.tags.includes('vegan')),
  );
  if (!variant) return null;
  return (
    <article className="dish-card" aria-labelledby={`dish-${dish.handle}`}>
      <button
        type="button"
        className="dish-card__image"
        onClick={() => onOpen(dish)}
        tabIndex={-1}
        aria-hidden="true"
      >
        {image ? (
          <img
            src={image.url}
            alt=""
            width={image.width ?? 800}
            height={image.height ?? 600}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
        ) : null}
      </button>
      <div className="dish-card__body">
        <h3 className="dish-card__title" id={`dish-${dish.handle}`}>
          <button type="button" className="link-button" onClick={() => onOpen(dish)}>
            {dish.title}
          </button>
        </h3>
        {badges.length > 0 ? (
          <ul className="badges" aria-label="Dietary">
            {badges.map(([tag, label, title]) => (
              <li key={tag} className="badge-tag" title={title}>
                <abbr title={title}>{label}</abbr>
              </li>
            ))}
          </ul>
        ) : null}
        <PortionPicker
          variants={dish.variants}
          selectedId={variant.id}
          onChange={setVariantId}
          dishTitle={dish.title}
        />
        <div className="dish-card__footer">
          <span className="dish-card__price">{formatPence(variant.price)}</span>
          {variant.quantityAvailable > 0 && variant.quantityAvailable <= LOW_STOCK && orderable ? (
            <span className="dish-card__stock">Only {variant.quantityAvailable} left</span>
          ) : null}
          <AddControl
            variant={variant}
            dishTitle={dish.title}
            line={lineFor(variant.id)}
            orderable={orderable}
            onAdd={() => onAdd(dish, variant)}
            onSetQuantity={onSetQuantity}
          />
        </div>
      </div>
    </article>
  );
}

export const DishCard = memo(DishCardView, sameCard);

type CardProps = Parameters<typeof DishCardView>[0];

const sameLine = (a: LineState | undefined, b: LineState | undefined) =>
  a === b || (!!a && !!b && a.itemId === b.itemId && a.quantity === b.quantity && a.pending === b.pending);

/** A card re-renders only when its dish, its week's state or its own basket lines change. */
function sameCard(prev: CardProps, next: CardProps): boolean {
  return (
    prev.dish === next.dish &&
    prev.orderable === next.orderable &&
    prev.eager === next.eager &&
    prev.onAdd === next.onAdd &&
    prev.onSetQuantity === next.onSetQuantity &&
    prev.onOpen === next.onOpen &&
    prev.dish.variants.every((v) => sameLine(prev.lineFor(v.id), next.lineFor(v.id)))
  );
}
