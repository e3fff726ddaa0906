import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GIFT_MESSAGE_MAX, giftRecipientSchema, MAX_GIFT_BOXES } from '../../../contracts/gifts';
import { allergenText } from '../../../domain/allergens';
import { lineTotal } from '../../../domain/basket';
import { formatPence } from '../../../domain/money';
import { saveGiftDraft, readGiftDraft } from '../../features/gifts/gift-draft';
import { menuQueries, type MenuDish } from '../../features/menu/menu.queries';
import { FormError, TextField, useFormErrors, validate } from '../../shared/forms';
import { sanitizeHtml } from '../../shared/sanitize-html';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { NotFoundPage } from '../../app/not-found';
import '../../features/checkout/checkout.css';
import './gifts.css';

// The gift box product route (spec §2 "gift-boxes-product-box": a basket route where default basket
// creation is skipped): the box, its size and how many, who it is for and the card's message. The recipe-kit
// basket is never touched; the gift is bought on its own on the next page, after signing in.

export function GiftBoxPage() {
  const { handle = '' } = useParams();
  const boxes = useQuery(menuQueries.giftBoxes());
  const box = boxes.data?.find((b) => b.handle === handle);
  usePageMeta(box ? `${box.title}: send it as a gift` : 'Gift box');

  if (boxes.isPending) return <Spinner label="Loading the gift box" />;
  if (boxes.isError) {
    return (
      <div className="gifts-page">
        <div className="notice notice--error" role="alert">
          <p>Couldn&apos;t fetch menu</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void boxes.refetch()}
          >
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!box) return <NotFoundPage />;
  return <GiftBoxForm key={box.id} box={box} />;
}

function GiftBoxForm({ box }: { box: MenuDish }) {
  const navigate = useNavigate();
  const ids = { size: useId(), quantity: useId(), message: useId() };
  const draft = readGiftDraft(box.handle);
  const available = box.variants.filter((v) => v.availableForSale && v.quantityAvailable > 0);
  const [variantId, setVariantId] = useState(
    available.find((v) => v.id === draft?.variantId)?.id ?? available[0]?.id ?? '',
  );
  const variant = box.variants.find((v) => v.id === variantId);
  const most = Math.max(1, Math.min(MAX_GIFT_BOXES, variant?.quantityAvailable ?? 1));
  const [quantity, setQuantity] = useState(Math.min(draft?.quantity ?? 1, most));
  const [name, setName] = useState(draft?.recipientName ?? '');
  const [email, setEmail] = useState(draft?.recipientEmail ?? '');
  const [message, setMessage] = useState(draft?.message ?? '');
  const [form, attachForm] = useFormErrors({ name, email, message }, (v) =>
    validate(giftRecipientSchema, {
      name: v.name,
      email: v.email.trim() === '' ? null : v.email,
      message: v.message.trim() === '' ? null : v.message,
    }),
  );
  const { errors } = form;
  const description = useMemo(() => sanitizeHtml(box.descriptionHtml), [box.descriptionHtml]);
  const image = box.images[0];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!variant) {
      form.fail('Choose a size');
      return;
    }
    if (!form.submit()) return;
    saveGiftDraft({
      handle: box.handle,
      variantId: variant.id,
      quantity: Math.min(quantity, most),
      recipientName: name.trim(),
      recipientEmail: email.trim(),
      message,
    });
    await navigate(`/gift-boxes/${box.handle}/send`);
  };

  return (
    <div className="gifts-page gift-box">
      <Link to="/gift-boxes" className="back-link">
        All gift boxes
      </Link>
      <div className="gift-box__layout">
        {image ? (
          <img
            className="gift-box__image"
            src={image.url}
            alt={image.altText ?? box.title}
            width={image.width ?? 800}
            height={image.height ?? 600}
          />
        ) : null}
        <div>
          <h1>{box.title}</h1>
          <div className="gift-box__description" dangerouslySetInnerHTML={{ __html: description }} />
          {box.allergens.length > 0 ? (
            <p className="field__hint">Contains: {box.allergens.map(allergenText).join(', ')}.</p>
          ) : null}
        </div>
      </div>

      {available.length === 0 ? (
        <p className="notice notice--warning" role="status">
          Sorry, this box has sold out. <Link to="/gift-boxes">See the other gift boxes</Link>.
        </p>
      ) : (
        <form ref={attachForm} onSubmit={onSubmit} noValidate className="gift-form">
          <FormError message={form.formError} />
          <fieldset className="fieldset choice-list" hidden={box.variants.length < 2}>
            <legend>Size</legend>
            {box.variants.map((v) => {
              const gone = !v.availableForSale || v.quantityAvailable <= 0;
              return (
                <label key={v.id} className={`choice ${gone ? 'choice--disabled' : ''}`}>
                  <input
                    type="radio"
                    name={ids.size}
                    value={v.id}
                    checked={variantId === v.id}
                    disabled={gone}
                    onChange={() => setVariantId(v.id)}
                  />
                  <span>
                    <span className="choice__title">{v.title}</span>
                    <span className="choice__meta">{gone ? 'Sold out' : formatPence(v.price)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>

          <div className="field">
            <label htmlFor={ids.quantity}>How many boxes?</label>
            <select
              id={ids.quantity}
              className="select"
              value={Math.min(quantity, most)}
              onChange={(e) => setQuantity(Number(e.target.value))}
            >
              {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>

          <fieldset className="fieldset">
            <legend>Who is it for?</legend>
            <TextField
              label="Their name"
              autoComplete="off"
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label="Their email (optional)"
              type="email"
              autoComplete="off"
              hint="We’ll tell them a gift is on its way and when it arrives. Never the price."
              value={email}
              error={errors.email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <div className={`field ${errors.message ? 'field--error' : ''}`}>
              <label htmlFor={ids.message}>Message for the card (optional)</label>
              <p id={`${ids.message}-hint`} className="field__hint" aria-live="polite">
                {GIFT_MESSAGE_MAX - message.trim().length} characters left
              </p>
              <textarea
                id={ids.message}
                className="textarea"
                rows={4}
                value={message}
                aria-describedby={`${ids.message}-hint${errors.message ? ` ${ids.message}-error` : ''}`}
                aria-invalid={errors.message ? true : undefined}
                onChange={(e) => setMessage(e.target.value)}
              />
              {errors.message ? (
                <p id={`${ids.message}-error`} className="field__error">
                  {errors.message}
                </p>
              ) : null}
            </div>
          </fieldset>

          {variant ? (
            <p className="gift-form__total">
              {Math.min(quantity, most)} × {formatPence(variant.price)} ={' '}
              <strong>{formatPence(lineTotal(variant.price, Math.min(quantity, most)))}</strong>, plus
              delivery
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block">
            Continue to delivery
          </button>
        </form>
      )}
    </div>
  );
}
