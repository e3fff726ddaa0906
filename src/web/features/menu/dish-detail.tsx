import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatPence } from '../../../domain/money';
import { sanitizeHtml } from '../../shared/sanitize-html';
import { Dialog } from '../../shared/ui/dialog';
import { AddControl, type LineState } from './add-control';
import { menuQueries, type MenuDish, type MenuVariant } from './menu.queries';
import { PortionPicker } from './portion-picker';

// The dish detail view: pictures, description, allergens and the same portion and basket controls as the
// card. It reads the product by id from the storefront, showing the menu's copy until that arrives.
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
  const dish = data ?? fromMenu;
  const [variantId, setVariantId] = useState(dish.variants[0]?.id ?? '');
  const [imageIndex, setImageIndex] = useState(0);
  const variant = dish.variants.find((v) => v.id === variantId) ?? dish.variants[0];
  const description = useMemo(() => sanitizeHtml(dish.descriptionHtml), [dish.descriptionHtml]);
  const image = dish.images[imageIndex] ?? dish.images[0];

  return (
    <Dialog open onClose={onClose} title={dish.title} name="dish_detail" className="dialog--dish">
      {image ? (
        <div className="dish-detail__gallery">
          <img
            src={image.url}
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
                  <img src={img.url} alt="" width={64} height={48} loading="lazy" />
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="dish-detail__body">
        <div className="dish-detail__description" dangerouslySetInnerHTML={{ __html: description }} />
        <section aria-labelledby="allergens-heading" className="allergens">
          <h3 id="allergens-heading">Allergens</h3>
          {dish.allergens.length > 0 ? (
            <p>
              Contains:{' '}
              {dish.allergens.map((a, i) => (
                <span key={a.code}>
                  <strong>{a.name}</strong>
                  {i < dish.allergens.length - 1 ? ', ' : ''}
                </span>
              ))}
              .
            </p>
          ) : (
            <p>No major allergens in the recipe.</p>
          )}
          <p className="allergens__note">Made in a kitchen that handles all 14 major allergens.</p>
        </section>
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
