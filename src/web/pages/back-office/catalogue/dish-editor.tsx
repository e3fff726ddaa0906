import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ALLERGENS, UK_MAJOR_ALLERGEN_CODES } from '../../../../domain/allergens';
import { formatPence } from '../../../../domain/money';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { useNavigate } from '../../../shared/router';
import { showToast } from '../../../shared/ui/toast';
import { catalogueApi, catalogueQueries, type DishBody, type DishView } from './catalogue.queries';

// A dish in the back office (issue 25 part 2): its words, type and tags, the 14 allergens (some of them, or
// "none of the 14" ticked: never left unsaid), its variants (SKU, price in pounds and pence, stock), whether it
// is hidden from the menu, and its picture. The server checks the same and says what to do.

const PRODUCT_TYPES = ['Pasta Kit', 'Side', 'Dessert', 'Bundle', 'Gift Box'];
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PICTURE_MAX_BYTES = 8 * 1024 * 1024;

interface VariantDraft {
  key: string;
  id?: string;
  title: string;
  sku: string;
  /** As typed, in pounds: "12.99". */
  price: string;
  stock: string;
}

const poundsOf = (pence: number) => (pence / 100).toFixed(2);

/** "12.99", "£12.99" or "12" as pence; null when it is no amount of money (a minus sign is kept). */
export function penceOf(typed: string): number | null {
  const match = /^\s*(-)?\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!match) return null;
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -pence : pence;
}

function draftsOf(dish: DishView | null): VariantDraft[] {
  if (!dish) return [{ key: randomId(), title: 'Regular', sku: '', price: '', stock: '0' }];
  return dish.variants.map((variant) => ({
    key: variant.id,
    id: variant.id,
    title: variant.title,
    sku: variant.sku,
    price: poundsOf(variant.pricePence),
    stock: String(variant.stock),
  }));
}

export function DishEditor({ dish }: { dish: DishView | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = useId();
  const [title, setTitle] = useState(dish?.title ?? '');
  const [description, setDescription] = useState(dish?.description ?? '');
  const [productType, setProductType] = useState(dish?.productType ?? 'Pasta Kit');
  const [tags, setTags] = useState((dish?.tags ?? []).join(', '));
  const [allergens, setAllergens] = useState<number[]>(dish?.allergens ?? []);
  const [containsNone, setContainsNone] = useState(dish?.containsNoAllergens === true);
  const [hidden, setHidden] = useState(dish?.hidden ?? false);
  const [variants, setVariants] = useState<VariantDraft[]>(() => draftsOf(dish));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);

  const changeVariant = (key: string, patch: Partial<VariantDraft>) => {
    attempt.current = null;
    setVariants((all) => all.map((variant) => (variant.key === key ? { ...variant, ...patch } : variant)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (allergens.length === 0 && !containsNone) {
      setProblem(
        'Say which of the 14 allergens this dish contains, or tick “Contains none of the 14” if it contains none of them.',
      );
      return;
    }
    const priced = variants.map((variant) => ({ variant, pence: penceOf(variant.price) }));
    const unpriced = priced.find(({ pence }) => pence === null);
    if (unpriced) {
      setProblem(`Give “${unpriced.variant.title || 'the variant'}” a price in pounds, such as 12.99.`);
      return;
    }
    const body: DishBody = {
      title,
      description,
      productType,
      tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      allergens: containsNone ? [] : [...allergens].sort((a, b) => a - b),
      containsNoAllergens: containsNone,
      hidden,
      variants: priced.map(({ variant, pence }) => ({
        ...(variant.id ? { id: variant.id } : {}),
        title: variant.title,
        sku: variant.sku,
        pricePence: pence!,
        stock: Number(variant.stock) || 0,
      })),
    };
    attempt.current ??= randomId();
    setSaving(true);
    try {
      const saved = dish
        ? await catalogueApi.updateDish(dish.id, body, attempt.current)
        : await catalogueApi.createDish(body, attempt.current);
      attempt.current = null;
      queryClient.setQueryData(catalogueQueries.dish(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all });
      showToast(dish ? `${saved.title} is saved` : `${saved.title} is made`);
      if (!dish) await navigate(`/back-office/dishes/${saved.id}`);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${ids}-heading`}>
      <div className="catalogue__head">
        <h1 id={`${ids}-heading`}>{dish ? dish.title : 'New dish'}</h1>
      </div>
      <form className="back-office__form catalogue__editor" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={`${ids}-title`}>Title</label>
        <input
          id={`${ids}-title`}
          type="text"
          required
          maxLength={120}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <label htmlFor={`${ids}-description`}>Description</label>
        <textarea
          id={`${ids}-description`}
          rows={4}
          maxLength={4000}
          value={description}
          aria-describedby={`${ids}-description-help`}
          onChange={(e) => setDescription(e.target.value)}
        />
        <p id={`${ids}-description-help`} className="back-office__help">
          The menu shows its first sentence; leave a blank line between paragraphs.
        </p>
        <label htmlFor={`${ids}-type`}>Type</label>
        <select id={`${ids}-type`} value={productType} onChange={(e) => setProductType(e.target.value)}>
          {[...new Set([...PRODUCT_TYPES, productType])].map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-tags`}>Tags</label>
        <input
          id={`${ids}-tags`}
          type="text"
          value={tags}
          aria-describedby={`${ids}-tags-help`}
          onChange={(e) => setTags(e.target.value)}
        />
        <p id={`${ids}-tags-help`} className="back-office__help">
          Separated by commas: vegetarian, special, favourite, kids, side, dessert…
        </p>

        <fieldset
          className="back-office__checks catalogue__allergens"
          aria-describedby={`${ids}-allergen-help`}
        >
          <legend>Allergens (the 14 the law names)</legend>
          <p id={`${ids}-allergen-help`} className="back-office__help">
            Tick each one the dish contains, or “Contains none of the 14”. A dish can’t be saved without one
            or the other.
          </p>
          {UK_MAJOR_ALLERGEN_CODES.map((code) => (
            <label key={code}>
              <input
                type="checkbox"
                checked={allergens.includes(code)}
                disabled={containsNone}
                onChange={(e) =>
                  setAllergens((all) => (e.target.checked ? [...all, code] : all.filter((c) => c !== code)))
                }
              />
              {ALLERGENS[code]}
            </label>
          ))}
          <label className="catalogue__none">
            <input
              type="checkbox"
              checked={containsNone}
              onChange={(e) => {
                setContainsNone(e.target.checked);
                if (e.target.checked) setAllergens([]);
              }}
            />
            Contains none of the 14
          </label>
        </fieldset>

        <fieldset className="catalogue__variants">
          <legend>Variants</legend>
          {variants.map((variant, index) => {
            const pence = penceOf(variant.price);
            return (
              <div
                key={variant.key}
                className="catalogue__variant"
                role="group"
                aria-label={`Variant ${index + 1}`}
              >
                <div>
                  <label htmlFor={`${ids}-v${index}-title`}>Name</label>
                  <input
                    id={`${ids}-v${index}-title`}
                    type="text"
                    value={variant.title}
                    onChange={(e) => changeVariant(variant.key, { title: e.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`${ids}-v${index}-sku`}>SKU</label>
                  <input
                    id={`${ids}-v${index}-sku`}
                    type="text"
                    value={variant.sku}
                    onChange={(e) => changeVariant(variant.key, { sku: e.target.value })}
                  />
                </div>
                <div>
                  <label htmlFor={`${ids}-v${index}-price`}>Price (£)</label>
                  <input
                    id={`${ids}-v${index}-price`}
                    type="text"
                    inputMode="decimal"
                    value={variant.price}
                    aria-describedby={`${ids}-v${index}-price-shown`}
                    onChange={(e) => changeVariant(variant.key, { price: e.target.value })}
                  />
                  <span id={`${ids}-v${index}-price-shown`} className="back-office__help">
                    {pence === null ? 'In pounds, such as 12.99' : formatPence(Math.max(pence, 0))}
                  </span>
                </div>
                <div>
                  <label htmlFor={`${ids}-v${index}-stock`}>Stock</label>
                  <input
                    id={`${ids}-v${index}-stock`}
                    type="number"
                    min={0}
                    value={variant.stock}
                    onChange={(e) => changeVariant(variant.key, { stock: e.target.value })}
                  />
                </div>
                {!variant.id && variants.length > 1 ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setVariants((all) => all.filter((v) => v.key !== variant.key))}
                  >
                    Remove this new variant
                  </button>
                ) : null}
              </div>
            );
          })}
          {variants.length < 6 ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                setVariants((all) => [
                  ...all,
                  { key: randomId(), title: 'Double Portion (Serves 2)', sku: '', price: '', stock: '0' },
                ])
              }
            >
              Add a variant
            </button>
          ) : null}
        </fieldset>

        <label className="catalogue__hidden">
          <input type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} />
          Hide from the menu
        </label>

        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : dish ? 'Save the dish' : 'Make the dish'}
        </button>
      </form>
      {dish ? <PictureUpload dish={dish} /> : null}
    </section>
  );
}

function PictureUpload({ dish }: { dish: DishView }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    setFile(null);
    if (!chosen) return;
    if (!PICTURE_TYPES.includes(chosen.type)) {
      setProblem('Choose a JPEG, PNG or WebP photo.');
      return;
    }
    if (chosen.size > PICTURE_MAX_BYTES) {
      setProblem('That photo is over 8 MB: choose a smaller one, or save it smaller first.');
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a photo first.');
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      await catalogueApi.uploadPicture(dish.id, file, setProgress);
      showToast(`${dish.title} has its new picture`);
      choose(null);
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all });
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="back-office__form catalogue__picture"
      onSubmit={(e) => void upload(e)}
      aria-labelledby={`${ids}-heading`}
      noValidate
    >
      <h2 id={`${ids}-heading`}>Picture</h2>
      <div className="catalogue__pictures">
        {dish.picture ? (
          <figure>
            <img src={dish.picture.url} alt={`The menu’s picture of ${dish.title}`} width={200} />
            <figcaption className="back-office__help">On the menu now</figcaption>
          </figure>
        ) : (
          <p className="back-office__muted">No picture yet.</p>
        )}
        {preview ? (
          <figure>
            <img src={preview} alt="The photo you chose" width={200} />
            <figcaption className="back-office__help">Chosen, not yet uploaded</figcaption>
          </figure>
        ) : null}
      </div>
      <label htmlFor={`${ids}-file`}>A photo of the dish (JPEG, PNG or WebP, up to 8 MB)</label>
      <input
        id={`${ids}-file`}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      {progress !== null ? (
        <progress max={1} value={progress} aria-label="Uploading the photo">
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={progress !== null} aria-busy={progress !== null}>
        {progress !== null ? 'Uploading…' : 'Upload the photo'}
      </button>
    </form>
  );
}
