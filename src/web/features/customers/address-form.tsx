import { useState, type FormEvent } from 'react';
import { createAddressBody, type Address, type CreateAddressBody } from '../../../contracts/addresses';
import { isDeliverableAddress } from '../../../domain/address';
import { ApiError } from '../../shared/api/client';
import {
  CheckboxField,
  FormError,
  TextField,
  useFormErrors,
  validate,
  type Checked,
  type FieldErrors,
} from '../../shared/forms';

// The one address form: the account's address book, and the checkout's and a gift's address steps (filled
// from the postcode lookup or by hand). Checked with the schema the API uses, plus, for a delivery address,
// "good enough to deliver to".

export interface AddressValues {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  phone: string;
  /** From the postcode lookup; cleared when the street or postcode is typed over. Undefined: not sent. */
  lat?: number | null;
  lon?: number | null;
  isDefault?: boolean;
}

export const emptyAddress = (firstName = '', lastName = ''): AddressValues => ({
  firstName,
  lastName,
  address1: '',
  address2: '',
  city: '',
  zip: '',
  phone: '',
  lat: null,
  lon: null,
});

/** An address book entry as the form's values. */
export function addressValues(address: Address | null): AddressValues {
  if (!address) return { ...emptyAddress(), lat: undefined, lon: undefined, isDefault: false };
  return {
    firstName: address.firstName ?? '',
    lastName: address.lastName ?? '',
    address1: address.address1 ?? '',
    address2: address.address2 ?? '',
    city: address.city ?? '',
    zip: address.zip ?? '',
    phone: address.phone ?? '',
    isDefault: address.isDefault,
  };
}

/** Empty text becomes "not given" (null), so optional lines can be cleared. */
function toBody(values: AddressValues): CreateAddressBody {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    address1: text(values.address1),
    address2: text(values.address2),
    city: text(values.city),
    zip: text(values.zip),
    phone: text(values.phone),
    countryCode: 'UK',
    ...(values.lat !== undefined ? { lat: values.lat, lon: values.lon ?? null } : {}),
    ...(values.isDefault ? { isDefault: true } : {}),
  };
}

/** The schema the API uses, plus, for a delivery address, what a driver needs. */
export function checkAddress(values: AddressValues, forDelivery: boolean): Checked<CreateAddressBody> {
  const body = toBody(values);
  const checked = validate(createAddressBody, body);
  const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
  if (forDelivery && checked.ok && !isDeliverableAddress(body)) {
    if (!body.address1) found.address1 = 'Enter the first line of the address';
    if (!body.city) found.city = 'Enter the town or city';
    if (!body.zip) found.zip = 'Enter the postcode';
  }
  if (forDelivery && !body.firstName) found.firstName = 'Enter the name for the delivery';
  return Object.keys(found).length > 0 ? { ok: false, errors: found } : { ok: true, data: body };
}

export function AddressForm({
  initial,
  forDelivery = false,
  offerDefault = false,
  submitLabel = 'Save address',
  phoneLabel = forDelivery ? 'Phone (for the driver, optional)' : 'Phone (optional)',
  onSave,
  onCancel,
}: {
  initial: AddressValues;
  /** A delivery address: a name, street, town and postcode are needed. */
  forDelivery?: boolean;
  /** Offer "Make this my default address" (the address book, for an address that is not already it). */
  offerDefault?: boolean;
  submitLabel?: string;
  phoneLabel?: string;
  /** Saves the address; a thrown error is shown on the form. */
  onSave: (body: CreateAddressBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [form, attachForm] = useFormErrors(values, (v) => checkAddress(v, forDelivery));
  const { errors } = form;
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<AddressValues>) => setValues((v) => ({ ...v, ...patch }));
  // Typed over, the lookup's coordinates no longer belong to the address.
  const moved = values.lat === undefined ? {} : { lat: null, lon: null };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.submit();
    if (!body) return;
    setBusy(true);
    try {
      await onSave(body);
    } catch (error) {
      form.fail(
        error instanceof ApiError && error.errors.length > 0
          ? error.errors.map((e) => e.detail).join('. ')
          : error instanceof Error && !(error instanceof ApiError) && !(error instanceof TypeError)
            ? error.message
            : "Couldn't save the address. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate className="address-form">
      <FormError message={form.formError} />
      <div className="field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        value={values.address1}
        error={errors.address1}
        onChange={(e) => set({ address1: e.target.value, ...moved })}
      />
      <TextField
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        value={values.address2}
        error={errors.address2}
        onChange={(e) => set({ address2: e.target.value })}
      />
      <div className="field-row">
        <TextField
          label="Town or city"
          autoComplete="address-level2"
          value={values.city}
          error={errors.city}
          onChange={(e) => set({ city: e.target.value })}
        />
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          value={values.zip}
          error={errors.zip}
          onChange={(e) => set({ zip: e.target.value, ...moved })}
        />
      </div>
      <TextField
        label={phoneLabel}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        error={errors.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      {offerDefault ? (
        <CheckboxField
          label="Make this my default address"
          checked={values.isDefault ?? false}
          onChange={(e) => set({ isDefault: e.target.checked })}
        />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
