import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { allergenText } from '../../../domain/allergens';
import { formatPence } from '../../../domain/money';
import { sanitizeHtml } from '../../shared/sanitize-html';
import { Dialog } from '../../shared/ui/dialog';
import { AddControl, type LineState } from './add-control';
import { DishFacts } from './dish-facts';
import { menuQueries, type MenuDish, type MenuVariant } from './menu.queries';
import { PortionPicker } from './portion-picker';
import { pictureSources } from '../../../domain/pictures';

// The dish detail view: pictures, the key facts, description, allergens (the 14 only), what else it contains,
// and the portion choice with the basket controls. It reads the product by id from the storefront, showing
// the menu's copy until that arrives.
export function DishDetail({
  dish: fromMenu,
  orderable,
  weekLabel,
  lineFor,
  onAdd,
  onSetQuantity,
  onClose,
}: {
  dish: MenuDish;
  orderable: boolean;
  weekLabel: string;
  lineFor: (variantId: string) => LineState | undefined;
  onAdd: (dish: MenuDish, variant: MenuVariant) => void;
  onSetQuantity: (itemId: string, quantity: number) => void;
  onClose: () => void;
}) {
  const { data } = useQuery({ ...menuQueries.product(fromMenu.id), placeholderData: fromMenu });
  // The menu's copy carries the stars (the week's review summary); the product read does not.
  const dish = data ? { ...data, rating: fromMenu.rating } : fromMenu;
  const [variantId, setVariantId] = useState(dish.variants[0]?.id ?? '');
  const [imageIndex, setImageIndex] = useState(0);
  const variant = dish.variants.find((v) => v.id === variantId) ?? dish.variants[0];
  const description = useMemo(() => sanitizeHtml(dish.descriptionHtml), [dish.descriptionHtml]);
  const image = dish.images[imageIndex] ?? dish.images[0];
  const inBasket = dish.variants.reduce((sum, v) => sum + (lineFor(v.id)?.quantity ?? 0), 0);

  return (
    <Dialog open onClose={onClose} title={dish.title} name="dish_detail" className="dialog--dish">
      {image ? (
        <div className="dish-detail__gallery">
          <img
            {...pictureSources(image.url, 640, '(max-width: 700px) 100vw, 640px')}
            alt={image.altText ?? dish.title}
            width={image.width ?? 800}
            height={image.height ?? 600}
          />
          {dish.images.length > 1 ? (
            <div className="dish-detail__thumbs" role="group" aria-label="Pictures">
              {dish.images.map((img, index) => (
                <button
                  key={img.url}
                  type="button"
                  aria-label={`Picture ${index + 1} of ${dish.images.length}`}
                  aria-pressed={index === imageIndex}
                  onClick={() => setImageIndex(index)}
                >
                  <img {...pictureSources(img.url, 64)} alt="" width={64} height={48} loading="lazy" />
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="dish-detail__body">
        <DishFacts dish={dish} inBasket={inBasket} />
        <div className="dish-detail__description" dangerouslySetInnerHTML={{ __html: description }} />
        <section aria-labelledby="allergens-heading" className="allergens">
          <h3 id="allergens-heading">Allergens</h3>
          {dish.allergens.length > 0 ? (
            <p>
              Contains:{' '}
              {dish.allergens.map((a, i) => (
                <span key={a.code}>
                  <strong>{allergenText(a)}</strong>
                  {i < dish.allergens.length - 1 ? ', ' : ''}
                </span>
              ))}
              .
            </p>
          ) : (
            <p>No major allergens in the recipe.</p>
          )}
          {dish.mayContain.map((warning) => (
            <p key={warning}>{warning}.</p>
          ))}
          <p className="allergens__note">Made in a kitchen that handles all 14 major allergens.</p>
        </section>
        {dish.otherFacts.length > 0 ? (
          <p className="dish-detail__other">
            Also contains: {listText(dish.otherFacts.map((fact) => fact.toLowerCase()))}.
          </p>
        ) : null}
        {variant ? (
          <div className="dish-detail__buy">
            <PortionPicker
              variants={dish.variants}
              selectedId={variant.id}
              onChange={setVariantId}
              dishTitle={dish.title}
            />
            <div className="dish-card__footer">
              <span className="dish-card__price">{formatPence(variant.price)}</span>
              <span className="dish-detail__week">for {weekLabel}</span>
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
        ) : null}
      </div>
    </Dialog>
  );
}

/** "alcohol", "alcohol and lamb", "alcohol, pork and beef". */
function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
