import { useId, useState } from 'react';
import type { LookupAddressResult, PostcodeLookup } from '../../../contracts/delivery';
import { isUkPostcode, POSTCODE_INVALID_MESSAGE } from '../../../domain/address';
import { isApiError, NetworkError } from '../../shared/api/client';
import { SubmitButton, TextField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { Spinner } from '../../shared/ui/spinner';
import { addressLookupApi } from './delivery.queries';

// Find an address by postcode: the addresses at it to pick from, and whether we deliver there. Anything
// not listed can be typed in by hand.

function lookupError(error: unknown): string {
  if (isApiError(error, 'POSTCODE_INVALID', 'POSTCODE_NOT_FOUND', 'VALIDATION_FAILED')) return error.message;
  if (error instanceof NetworkError) return error.message;
  return 'We couldn’t look up that postcode just now. Please enter your address yourself.';
}

const checkPostcode = ({ postcode }: { postcode: string }) => {
  const wanted = postcode.trim();
  if (wanted === '') return checked({ postcode: 'Enter a postcode, like SW1A 2AA' }, wanted);
  return checked(isUkPostcode(wanted) ? {} : { postcode: POSTCODE_INVALID_MESSAGE }, wanted);
};

export function PostcodeLookup({
  forDelivery,
  onPick,
  onManual,
}: {
  forDelivery: boolean;
  onPick: (address: LookupAddressResult, lookup: PostcodeLookup) => void;
  onManual: (postcode: string) => void;
}) {
  const selectId = useId();
  const [lookup, setLookup] = useState<PostcodeLookup | null>(null);
  const form = useForm({
    initial: { postcode: '' },
    check: checkPostcode,
    onSubmit: async (postcode) => setLookup(await addressLookupApi.postcode(postcode)),
    // Shown beside the postcode until it changes.
    failure: lookupError,
  });
  const find = form.props.onSubmit;
  const busy = form.pending === 'submit';

  const outside = forDelivery && lookup !== null && !lookup.deliverable;
  const typed = form.values.postcode.trim();
  return (
    <div className="postcode-lookup">
      <form
        {...form.props}
        onSubmit={(event) => {
          // A new search: the last one's answer goes, whatever this one finds.
          setLookup(null);
          find(event);
        }}
        className="postcode-lookup__form"
        role="search"
        aria-label="Find your address"
      >
        <TextField
          label="Postcode"
          name="postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          {...form.field('postcode')}
          error={form.errors.postcode ?? form.formError ?? undefined}
        />
        <SubmitButton busy={busy} busyLabel="Finding…" variant="secondary">
          Find address
        </SubmitButton>
      </form>
      {busy ? <Spinner label="Finding addresses" /> : null}
      {outside ? (
        <p className="notice notice--warning" role="status">
          {lookup.message ?? `We don't deliver to ${lookup.outcode} yet`}
        </p>
      ) : null}
      {lookup && !outside ? (
        lookup.addresses.length > 0 ? (
          <div className="field">
            <label htmlFor={selectId}>
              Select your address ({lookup.addresses.length} found at {lookup.postcode})
            </label>
            <select
              id={selectId}
              className="select"
              defaultValue=""
              onChange={(e) => {
                const picked = lookup.addresses.find((a) => a.id === e.target.value);
                if (picked) onPick(picked, lookup);
              }}
            >
              <option value="" disabled>
                Choose an address
              </option>
              {lookup.addresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {address.label}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p role="status">We couldn’t find addresses at {lookup.postcode}. Please enter yours below.</p>
        )
      ) : null}
      <button
        type="button"
        className="link-button"
        onClick={() => onManual(lookup?.postcode ?? (isUkPostcode(typed) ? typed.toUpperCase() : ''))}
      >
        {lookup ? 'My address isn’t listed: enter it myself' : 'Enter the address myself'}
      </button>
    </div>
  );
}
