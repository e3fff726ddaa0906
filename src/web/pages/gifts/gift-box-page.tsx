import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from '../../shared/router';
import { GIFT_MESSAGE_MAX, MAX_GIFT_BOXES } from '../../../contracts/gifts';
import { allergenText } from '../../../domain/allergens';
import { lineTotal } from '../../../domain/basket';
import { formatPence } from '../../../domain/money';
import { saveGiftDraft, readGiftDraft } from '../../features/gifts/gift-draft';
import { checkGiftRecipient } from '../../features/gifts/recipient-check';
import { menuQueries, type MenuDish } from '../../features/menu/menu.queries';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { sanitizeHtml } from '../../shared/sanitize-html';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { NotFoundPage } from '../../app/not-found';
import '../../features/checkout/checkout.css';
import './gifts.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { pictureSources } from '../../../domain/pictures';

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
        <LoadFailed message="Couldn't fetch menu" onRetry={boxes.refetch} />
      </div>
    );
  }
  if (!box) return <NotFoundPage />;
  return <GiftBoxForm key={box.id} box={box} />;
}

interface GiftValues {
  variantId: string;
  quantity: number;
  name: string;
  email: string;
  message: string;
}

function GiftBoxForm({ box }: { box: MenuDish }) {
  const navigate = useNavigate();
  const available = box.variants.filter((v) => v.availableForSale && v.quantityAvailable > 0);
  const form = useForm({
    initial: (): GiftValues => ({
      variantId: available[0]?.id ?? '',
      quantity: 1,
      name: '',
      email: '',
      message: '',
    }),
    // The draft is this browser's own, never in the server's HTML: the form takes it up as it goes live,
    // under what was typed into it before then.
    onLive: (typed) => ({ ...fromDraft(), ...typed }),
    // The contract's rules without zod, which this public page does not load (recipient-check.ts).
    check: checkGiftRecipient,
    onSubmit: async (_recipient, v) => {
      if (!variant) {
        form.fail('Choose a size');
        return;
      }
      saveGiftDraft({
        handle: box.handle,
        variantId: variant.id,
        quantity: Math.min(v.quantity, most),
        recipientName: v.name.trim(),
        recipientEmail: v.email.trim(),
        message: v.message,
      });
      await navigate(`/gift-boxes/${box.handle}/send`);
    },
  });
  function fromDraft(): Partial<GiftValues> {
    const draft = readGiftDraft(box.handle);
    if (!draft) return {};
    const variant = available.find((v) => v.id === draft.variantId);
    return {
      ...(variant ? { variantId: variant.id } : {}),
      quantity: draft.quantity,
      name: draft.recipientName,
      email: draft.recipientEmail,
      message: draft.message,
    };
  }
  const { variantId, message } = form.values;
  const variant = box.variants.find((v) => v.id === variantId);
  const most = Math.max(1, Math.min(MAX_GIFT_BOXES, variant?.quantityAvailable ?? 1));
  const quantity = Math.min(form.values.quantity, most);
  const description = useMemo(() => sanitizeHtml(box.descriptionHtml), [box.descriptionHtml]);
  const image = box.images[0];

  return (
    <div className="gifts-page gift-box">
      <Link to="/gift-boxes" className="back-link">
        All gift boxes
      </Link>
      <div className="gift-box__layout">
        {image ? (
          <img
            className="gift-box__image"
            {...pictureSources(image.url, 640, '(max-width: 699px) 100vw, 50vw')}
            alt={image.altText ?? box.title}
            width={image.width ?? 800}
            height={image.height ?? 600}
            fetchPriority="high"
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
        <form {...form.props} className="gift-form">
          <FormError message={form.formError} />
          <fieldset className="fieldset choice-list" hidden={box.variants.length < 2}>
            <legend>Size</legend>
            {box.variants.map((v) => {
              const gone = !v.availableForSale || v.quantityAvailable <= 0;
              return (
                <label key={v.id} className={`choice ${gone ? 'choice--disabled' : ''}`}>
                  <input
                    type="radio"
                    name="variantId"
                    value={v.id}
                    checked={variantId === v.id}
                    disabled={gone}
                    onChange={() => form.set({ variantId: v.id })}
                  />
                  <span>
                    <span className="choice__title">{v.title}</span>
                    <span className="choice__meta">{gone ? 'Sold out' : formatPence(v.price)}</span>
                  </span>
                </label>
              );
            })}
          </fieldset>

          <SelectField
            label="How many boxes?"
            name="quantity"
            value={quantity}
            onChange={(e) => form.set({ quantity: Number(e.target.value) })}
          >
            {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>

          <fieldset className="fieldset">
            <legend>Who is it for?</legend>
            <TextField label="Their name" name="name" autoComplete="off" {...form.field('name')} />
            <TextField
              label="Their email (optional)"
              name="email"
              type="email"
              autoComplete="off"
              hint="We’ll tell them a gift is on its way and when it arrives. Never the price."
              {...form.field('email')}
            />
            <TextAreaField
              label="Message for the card (optional)"
              name="message"
              hint={
                <span aria-live="polite">{GIFT_MESSAGE_MAX - message.trim().length} characters left</span>
              }
              rows={4}
              {...form.field('message')}
            />
          </fieldset>

          {variant ? (
            <p className="gift-form__total">
              {Math.min(quantity, most)} × {formatPence(variant.price)} ={' '}
              <strong>{formatPence(lineTotal(variant.price, Math.min(quantity, most)))}</strong>, plus
              delivery
            </p>
          ) : null}
          <SubmitButton busy={form.busy} busyLabel="One moment…" block>
            Continue to delivery
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
