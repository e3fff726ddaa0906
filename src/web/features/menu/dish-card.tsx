import { memo, useMemo } from 'react';
import { dishSummary } from '../../../domain/menu';
import { formatPence } from '../../../domain/money';
import { AddControl, type LineState } from './add-control';
import { DishFacts } from './dish-facts';
import type { MenuDish, MenuVariant } from './menu.queries';
import { pictureSources } from '../../../domain/pictures';

export const LOW_STOCK = 5;

// A dish on the menu, compact enough for several on a phone screen: picture, name, a line about it, the
// key facts, the price and Add. The regular portion is added from here; the double portion, allergens and
// the whole description are in the dish detail (title or picture).
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
  const variant = dish.variants[0];
  const double = dish.variants.find((v) => v.isDouble);
  const image = dish.images[0];
  const summary = useMemo(() => dishSummary(dish.descriptionHtml), [dish.descriptionHtml]);
  const inBasket = dish.variants.reduce((sum, v) => sum + (lineFor(v.id)?.quantity ?? 0), 0);
  if (!variant) return null;
  return (
    <article className="dish-card" aria-labelledby={`dish-${dish.handle}`}>
      {/* Named after the dish for touch screen readers; one tab stop a card (the title) for keyboards. */}
      <button
        type="button"
        className="dish-card__image"
        onClick={() => onOpen(dish)}
        tabIndex={-1}
        aria-label={`See ${dish.title}`}
      >
        {image ? (
          <img
            {...pictureSources(image.url, 112)}
            alt=""
            width={112}
            height={112}
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
        {summary ? <p className="dish-card__summary">{summary}</p> : null}
        <DishFacts dish={dish} inBasket={inBasket} />
        <div className="dish-card__footer">
          <span className="dish-card__price">
            {formatPence(variant.price)}
            {double && double !== variant ? (
              <span className="dish-card__double">or {formatPence(double.price)} for two</span>
            ) : null}
          </span>
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
