import { createAddressBody, type Address, type CreateAddressBody } from '../../../contracts/addresses';
import { isDeliverableAddress } from '../../../domain/address';
import { ApiError } from '../api/client';
import { CheckboxField, FormError, NameFields, SubmitButton, TextField } from './fields';
import { useForm } from './use-form';
import { checked, validate, type Checked, type FieldErrors } from './validate';

// The one address form: the account's address book (features/customers), and the new address of the
// checkout's address and billing steps and of a gift (features/delivery's address picker, filled from the
// postcode lookup or by hand). Checked with the schema the API uses, plus, for a delivery address, "good
// enough to deliver to".

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

/** More than an address book needs: a takeaway's rider calls on the way, and the order is in a full name. */
export interface AddressNeeds {
  phone?: boolean;
  lastName?: boolean;
}

/** The schema the API uses, plus, for a delivery address, what a driver needs (and what `needs` adds). */
export function checkAddress(
  values: AddressValues,
  forDelivery: boolean,
  needs: AddressNeeds = {},
): Checked<CreateAddressBody> {
  const body = toBody(values);
  const bySchema = validate(createAddressBody, body);
  const found: FieldErrors = bySchema.ok ? {} : { ...bySchema.errors };
  if (forDelivery && bySchema.ok && !isDeliverableAddress(body)) {
    if (!body.address1) found.address1 = 'Enter the first line of the address';
    if (!body.city) found.city = 'Enter the town or city';
    if (!body.zip) found.zip = 'Enter the postcode';
  }
  if (forDelivery && !body.firstName) found.firstName = 'Enter the name for the delivery';
  if (needs.lastName && !body.lastName) found.lastName = 'Enter your last name';
  if (needs.phone && !body.phone) found.phone = 'Enter a phone number, like 07911 123456';
  return checked(found, body);
}

export function AddressForm({
  initial,
  forDelivery = false,
  offerDefault = false,
  submitLabel = 'Save address',
  needs = {},
  phoneLabel = needs.phone
    ? 'Phone (for the delivery)'
    : forDelivery
      ? 'Phone (for the driver, optional)'
      : 'Phone (optional)',
  cancelLabel = 'Cancel',
  onSave,
  onCancel,
}: {
  initial: AddressValues;
  /** A delivery address: a name, street, town and postcode are needed. */
  forDelivery?: boolean;
  needs?: AddressNeeds;
  cancelLabel?: string;
  /** Offer "Make this my default address" (the address book, for an address that is not already it). */
  offerDefault?: boolean;
  submitLabel?: string;
  phoneLabel?: string;
  /** Saves the address; what it throws is shown on the form (the server's field problems by their field). */
  onSave: (body: CreateAddressBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm({
    initial,
    check: (values: AddressValues) => checkAddress(values, forDelivery, needs),
    onSubmit: onSave,
    failure: (error) =>
      error instanceof ApiError && error.errors.length > 0
        ? error.errors.map((e) => e.detail).join('. ')
        : error instanceof Error && !(error instanceof ApiError) && !(error instanceof TypeError)
          ? error.message
          : "Couldn't save the address. Please try again.",
  });
  // Typed over, the lookup's coordinates no longer belong to the address.
  const moved = form.values.lat === undefined ? {} : { lat: null, lon: null };

  return (
    <form {...form.props} className="address-form">
      <FormError message={form.formError} />
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        {...form.field('address1', (address1) => ({ address1, ...moved }))}
      />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...form.field('address2')} />
      <div className="field-row">
        <TextField label="Town or city" autoComplete="address-level2" {...form.field('city')} />
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          {...form.field('zip', (zip) => ({ zip, ...moved }))}
        />
      </div>
      <TextField label={phoneLabel} type="tel" autoComplete="tel" inputMode="tel" {...form.field('phone')} />
      {offerDefault ? (
        <CheckboxField label="Make this my default address" {...form.checkbox('isDefault')} />
      ) : null}
      <div className="button-row">
        <SubmitButton busy={form.busy} busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={form.busy}>
            {cancelLabel}
          </button>
        ) : null}
      </div>
    </form>
  );
}
