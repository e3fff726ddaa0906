import { useState, type FormEvent } from 'react';
import { createAddressBody, type Address } from '../../../contracts/addresses';
import { ApiError } from '../../shared/api/client';
import { CheckboxField, FormError, TextField, validate, type FieldErrors } from '../../shared/forms';

const EMPTY = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  zip: '',
  phone: '',
  isDefault: false,
};
type Values = typeof EMPTY;

function fromAddress(address: Address | null): Values {
  if (!address) return EMPTY;
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
function toBody(values: Values) {
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
    ...(values.isDefault ? { isDefault: true } : {}),
  };
}

export function AddressForm({
  address,
  onSave,
  onCancel,
}: {
  address: Address | null;
  onSave: (body: ReturnType<typeof toBody>) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => fromAddress(address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    const checked = validate(createAddressBody, body);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    setFormError(null);
    try {
      await onSave(body);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0)
        setFormError(error.errors.map((e) => e.detail).join('. '));
      else setFormError("Couldn't save the address. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="address-form">
      <FormError message={formError} />
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
        onChange={(e) => set({ address1: e.target.value })}
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
          onChange={(e) => set({ zip: e.target.value })}
        />
      </div>
      <TextField
        label="Phone (for the driver)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        error={errors.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      {address?.isDefault ? null : (
        <CheckboxField
          label="Make this my default address"
          checked={values.isDefault}
          onChange={(e) => set({ isDefault: e.target.checked })}
        />
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
