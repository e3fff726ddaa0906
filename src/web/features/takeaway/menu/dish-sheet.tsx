import { useId, useRef, useState, type FormEvent } from 'react';
import type { MenuProduct } from '../../../../contracts/restaurants';
import type { AddTakeawayItemBody } from '../../../../contracts/takeaway';
import { formatPence } from '../../../../domain/money';
import { MAX_TAKEAWAY_LINE_QUANTITY, type ModifierGroup } from '../../../../domain/takeaway';
import { randomId } from '../../../shared/random-id';
import { Dialog } from '../../../shared/ui/dialog';
import type { DishAvailability } from './availability';
import type { NewTakeawayLine } from './basket-optimistic';
import {
  addItemBody,
  canChoose,
  chooseSize,
  choiceProblems,
  choiceUnitPrice,
  chosenSubProducts,
  clampLineQuantity,
  groupLimits,
  groupOptions,
  initialChoice,
  sizeName,
  toggleOption,
  type DishChoice,
} from './choice';
import { conflictText, DietaryBadges } from './dish-card';
import { pictureSources } from '../../../../domain/pictures';

// The modifiers sheet (a dialog; a bottom sheet on phones, where back closes it): the dish, its allergens,
// a size (radios labelled Grande/Single, spec §9), extras (up to the group's max), what to leave out, a
// note for the kitchen, how many, and the price as it is chosen. Add closes the sheet at once: the basket
// shows the line while the server takes it (with the key made when the sheet opened, so a double tap or a
// retry adds it once).

export interface SheetAdd {
  body: AddTakeawayItemBody;
  line: NewTakeawayLine;
  idempotencyKey: string;
}

const NOTE_MAX = 200;

const plusPrice = (price: number) => (price > 0 ? `+${formatPence(price)}` : 'Included');

export function MenuDishSheet({
  product,
  availability,
  showConflicts,
  onAdd,
  onClose,
}: {
  product: MenuProduct;
  availability: DishAvailability;
  showConflicts: boolean;
  onAdd: (add: SheetAdd) => void;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<DishChoice>(() => initialChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  // One key per opening of the sheet: the add it makes is one add, however often it is sent.
  const [idempotencyKey] = useState(randomId);
  const sent = useRef(false);
  const ids = useId();
  // A double click on a card's Add opens the sheet, and its second click would land on the backdrop and
  // close it again: a close in the sheet's first moments is taken as that click.
  const [openedAt] = useState(() => Date.now());
  const close = () => {
    if (Date.now() - openedAt >= 400) onClose();
  };

  const unit = choiceUnitPrice(product, choice);
  const problems = choiceProblems(product, choice);
  const conflicts = showConflicts ? product.conflictingAllergens : [];
  const canAdd = availability.available && problems.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd || sent.current) return;
    sent.current = true;
    const chosen = chosenSubProducts(product, choice);
    const size = chosen.find((sub) => sub.group === 'size');
    onAdd({
      idempotencyKey,
      body: addItemBody(product, choice, quantity, note),
      line: {
        productId: product.id,
        title: product.title,
        variantTitle: size?.label ?? '',
        imageUrl: product.imageUrl,
        basePrice: product.price,
        price: unit,
        quantity: clampLineQuantity(quantity),
        note: note.trim() || null,
        subItems: chosen.map((sub) => ({
          productId: sub.productId,
          title: sub.title,
          group: sub.group,
          price: sub.price,
          label: sub.label,
        })),
        tags: product.tags,
        allergens: product.allergens.map(({ code, name }) => ({ code, name })),
        conflictingAllergens: product.conflictingAllergens,
      },
    });
  };

  const sizes = groupOptions(product, 'size');
  const optionGroup = (group: Exclude<ModifierGroup, 'size'>, legend: string) => {
    const options = groupOptions(product, group);
    if (options.length === 0) return null;
    const { max } = groupLimits(product, group);
    const chosen = choice.options.filter((id) => options.some((o) => o.productId === id)).length;
    const full = chosen >= max && options.length > max;
    return (
      <fieldset className="twm-group">
        <legend className="twm-group__legend">
          {legend}
          <span className="twm-group__rule">{options.length > max ? `Choose up to ${max}` : 'Optional'}</span>
        </legend>
        {options.map((option) => {
          const checked = choice.options.includes(option.productId);
          const enabled = checked || canChoose(product, choice, option.productId);
          return (
            <label key={option.productId} className={`twm-option${enabled ? '' : ' twm-option--disabled'}`}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!enabled}
                onChange={(e) =>
                  setChoice((current) => toggleOption(product, current, option.productId, e.target.checked))
                }
              />
              <span className="twm-option__text">
                {option.title}
                {!option.available ? <span className="twm-option__note"> · unavailable</span> : null}
              </span>
              {group === 'extra' ? (
                <span className="twm-option__price">{plusPrice(option.price)}</span>
              ) : null}
            </label>
          );
        })}
        {full ? (
          <p className="field__hint" role="status">
            You’ve chosen {max}, the most for this dish.
          </p>
        ) : null}
      </fieldset>
    );
  };

  return (
    <Dialog
      open
      onClose={close}
      title={product.title}
      name="takeaway_dish"
      className="dialog--sheet twm-sheet"
    >
      <form className="twm-sheet__form" onSubmit={submit} aria-label={`Choose your ${product.title}`}>
        <div className="twm-sheet__about">
          {product.imageUrl ? (
            <img
              className="twm-sheet__image"
              {...pictureSources(product.imageUrl, 640, '(max-width: 700px) 100vw, 640px')}
              alt=""
              width={640}
              height={360}
            />
          ) : null}
          {product.description ? <p>{product.description}</p> : null}
          <DietaryBadges product={product} />
          <div className="twm-sheet__allergens">
            <h3>Allergens</h3>
            {product.allergens.length > 0 ? (
              <p>
                Contains: <strong>{product.allergens.map((a) => a.text).join(', ')}</strong>.
              </p>
            ) : (
              <p>None of the 14 major allergens in the recipe.</p>
            )}
            {product.mayContain.map((warning) => (
              <p key={warning}>{warning}.</p>
            ))}
            {conflicts.length > 0 ? (
              <p className="twm-conflict">
                <span aria-hidden="true">⚠ </span>
                {conflictText(conflicts)}.
              </p>
            ) : null}
          </div>
        </div>

        {sizes.length > 0 ? (
          <fieldset className="twm-group">
            <legend className="twm-group__legend">
              Size<span className="twm-group__rule">Choose 1</span>
            </legend>
            {sizes.map((size) => (
              <label
                key={size.productId}
                className={`twm-option${size.available ? '' : ' twm-option--disabled'}`}
              >
                <input
                  type="radio"
                  name={`${ids}-size`}
                  value={size.productId}
                  checked={choice.size === size.productId}
                  disabled={!size.available}
                  onChange={() => setChoice((current) => chooseSize(product, current, size.productId))}
                />
                <span className="twm-option__text">
                  <strong>{sizeName(size)}</strong>
                  {!size.available ? <span className="twm-option__note"> · unavailable</span> : null}
                </span>
                <span className="twm-option__price">{plusPrice(size.price)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {optionGroup('extra', 'Extras')}
        {optionGroup('removal', 'Leave out')}

        <div className="field twm-note">
          <label htmlFor={`${ids}-note`}>Note for the kitchen (optional)</label>
          <textarea
            id={`${ids}-note`}
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${ids}-note-hint`}
          />
          <p className="field__hint" id={`${ids}-note-hint`}>
            For allergies, use your allergen profile in your account, not a note.
          </p>
        </div>

        <div className="twm-sheet__footer">
          <div className="twm-qty" role="group" aria-label="Quantity">
            <button
              type="button"
              className="stepper__button"
              aria-label="One fewer"
              disabled={quantity <= 1}
              onClick={() => setQuantity((q) => clampLineQuantity(q - 1))}
            >
              −
            </button>
            <output className="stepper__count" aria-live="polite" aria-label={`Quantity ${quantity}`}>
              {quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label="One more"
              disabled={quantity >= MAX_TAKEAWAY_LINE_QUANTITY}
              onClick={() => setQuantity((q) => clampLineQuantity(q + 1))}
            >
              +
            </button>
          </div>
          <button type="submit" className="button button--primary twm-sheet__add" disabled={!canAdd}>
            {availability.available ? (
              <>
                <span>Add {quantity} to basket</span>
                <span aria-live="polite" className="twm-sheet__price">
                  {formatPence(unit * quantity)}
                </span>
              </>
            ) : (
              availability.reason
            )}
          </button>
        </div>
        {problems.length > 0 && availability.available ? (
          <p className="field__error" role="alert">
            {problems.join('. ')}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
