import { useState } from 'react';
import type { Address, CreateAddressBody } from '../../../contracts/addresses';
import { isShopFailure } from '../../shared/api/client';
import { AddressForm, type AddressNeeds, type AddressValues } from '../../shared/forms/address-form';
import { addressLookupApi } from './delivery.queries';
import { PostcodeLookup } from './postcode-lookup';

// The one address picker (the checkout's delivery and billing addresses, a gift's): a saved address to
// choose, or a new one found by postcode (then checked, named and saved) or typed by hand. The page says
// what a choice leads to ("Deliver here") and saves the new address where it belongs.

/** "10 Downing Street, London, SW1A 2AA". */
export function addressSummary(address: Address): string {
  return [address.address1, address.address2, address.city, address.zip].filter(Boolean).join(', ');
}

/**
 * A typed postcode must be one we deliver to (the lookup has said so for a picked address): its
 * coordinates, or why not. When the lookup itself is down, the address goes on without coordinates.
 */
export async function checkDeliverable(
  zip: string | null | undefined,
): Promise<{ lat: number | null; lon: number | null }> {
  if (!zip) return { lat: null, lon: null };
  try {
    const lookup = await addressLookupApi.postcode(zip);
    if (!lookup.deliverable) throw new Error(lookup.message ?? `We don't deliver to ${lookup.outcode} yet`);
    return { lat: lookup.lat, lon: lookup.lon };
  } catch (error) {
    if (isShopFailure(error)) return { lat: null, lon: null };
    throw error;
  }
}

export const NEW_ADDRESS = 'new';

/**
 * The saved addresses as radio buttons, after an optional first choice, then "a new address" (nothing to
 * choose from: nothing shown); and a notice when the address book could not be loaded.
 */
export function SavedAddressChoices({
  name,
  loadFailed = false,
  legend,
  legendHidden = false,
  addresses,
  first,
  untitled,
  newTitle = 'A new address',
  chosen,
  disabled = false,
  onChoose,
}: {
  /** The radio group's name. */
  name: string;
  loadFailed?: boolean;
  legend: string;
  legendHidden?: boolean;
  addresses: readonly Address[];
  /** A choice before the saved ones ("The delivery address"), by its own id. */
  first?: { id: string; title: string };
  /** The title of an address with no name on it. */
  untitled: string;
  newTitle?: string;
  chosen: string | null;
  disabled?: boolean;
  onChoose: (id: string) => void;
}) {
  const choice = (id: string, title: string, meta?: string) => (
    <label key={id} className="choice">
      <input
        type="radio"
        name={name}
        checked={chosen === id}
        disabled={disabled}
        onChange={() => onChoose(id)}
      />
      {meta === undefined ? (
        <span className="choice__title">{title}</span>
      ) : (
        <span>
          <span className="choice__title">{title}</span>
          <span className="choice__meta">{meta}</span>
        </span>
      )}
    </label>
  );
  return (
    <>
      {loadFailed ? (
        <p className="notice notice--error" role="alert">
          Couldn&apos;t load addresses list
        </p>
      ) : null}
      {first || addresses.length > 0 ? (
        <fieldset className="fieldset choice-list">
          <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
          {first ? choice(first.id, first.title) : null}
          {addresses.map((address) =>
            choice(
              address.id,
              [address.firstName, address.lastName].filter(Boolean).join(' ') || untitled,
              addressSummary(address),
            ),
          )}
          {choice(NEW_ADDRESS, newTitle)}
        </fieldset>
      ) : null}
    </>
  );
}

/** A postcode's coordinates, wherever it is (a takeaway's restaurant decides whether it delivers there). */
async function locate(zip: string | null | undefined): Promise<{ lat: number | null; lon: number | null }> {
  if (!zip) return { lat: null, lon: null };
  try {
    const lookup = await addressLookupApi.postcode(zip);
    return { lat: lookup.lat, lon: lookup.lon };
  } catch (error) {
    if (isShopFailure(error)) return { lat: null, lon: null };
    throw error;
  }
}

/**
 * A new address: found by postcode and picked from the list (or typed by hand), then checked and named in
 * the address form. A delivery address must be one we deliver to (`anyArea`: one a takeaway's restaurant
 * judges, so only its coordinates are looked up); `onSave` gets it with its coordinates. `start` opens the
 * form on an address already known (the one the customer searched from), with the lookup a press away.
 */
export function NewAddress({
  forDelivery,
  anyArea = false,
  needs,
  start = null,
  blank,
  hint,
  submitLabel,
  onSave,
}: {
  forDelivery: boolean;
  anyArea?: boolean;
  needs?: AddressNeeds;
  start?: AddressValues | null;
  /** The form's values before anything is found (the name on the address). */
  blank: AddressValues;
  /** Said above the form once an address is found. */
  hint?: string;
  submitLabel: string;
  onSave: (body: CreateAddressBody) => Promise<void>;
}) {
  const [found, setFound] = useState<{ key: number; values: AddressValues } | null>(() =>
    start ? { key: 0, values: start } : null,
  );
  if (found === null) {
    return (
      <PostcodeLookup
        forDelivery={forDelivery && !anyArea}
        onPick={(address) =>
          setFound({
            key: Date.now(),
            values: {
              ...blank,
              address1: address.address1,
              address2: address.address2 ?? '',
              city: address.city,
              zip: address.zip,
              lat: address.lat,
              lon: address.lon,
            },
          })
        }
        onManual={(zip) => setFound({ key: Date.now(), values: { ...blank, zip } })}
      />
    );
  }
  const fromLookup = found.values.lat !== null && found.values.lat !== undefined;
  const save = async (body: CreateAddressBody) => {
    // Picked from the lookup (and not typed over), the address has its coordinates and is deliverable.
    const coordinates =
      !forDelivery || (fromLookup && body.lat != null)
        ? null
        : anyArea
          ? await locate(body.zip)
          : await checkDeliverable(body.zip);
    await onSave({ ...body, ...(coordinates ?? {}) });
  };
  return (
    <>
      {hint ? <p className="field__hint">{hint}</p> : null}
      <AddressForm
        key={found.key}
        initial={found.values}
        forDelivery={forDelivery}
        needs={needs}
        submitLabel={submitLabel}
        onSave={save}
        onCancel={() => setFound(null)}
        cancelLabel={start ? 'Find another address' : 'Cancel'}
      />
    </>
  );
}
