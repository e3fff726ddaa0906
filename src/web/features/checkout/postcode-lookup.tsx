import { useId, useRef, useState, type FormEvent } from 'react';
import type { LookupAddressResult, PostcodeLookup } from '../../../contracts/delivery';
import { isUkPostcode, POSTCODE_INVALID_MESSAGE } from '../../../domain/address';
import { isApiError, NetworkError } from '../../shared/api/client';
import { TextField } from '../../shared/forms';
import { Spinner } from '../../shared/ui/spinner';
import { addressLookupApi } from './checkout.queries';

// Find an address by postcode: the addresses at it to pick from, and whether we deliver there. Anything
// not listed can be typed in by hand.

function lookupError(error: unknown): string {
  if (isApiError(error, 'POSTCODE_INVALID', 'POSTCODE_NOT_FOUND', 'VALIDATION_FAILED')) return error.message;
  if (error instanceof NetworkError) return error.message;
  return 'We couldn’t look up that postcode just now. Please enter your address yourself.';
}

export function PostcodeLookupForm({
  forDelivery,
  onPick,
  onManual,
}: {
  forDelivery: boolean;
  onPick: (address: LookupAddressResult, lookup: PostcodeLookup) => void;
  onManual: (postcode: string) => void;
}) {
  const selectId = useId();
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState<PostcodeLookup | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = postcode.trim();
    if (!isUkPostcode(wanted)) {
      setError(wanted === '' ? 'Enter a postcode, like SW1A 2AA' : POSTCODE_INVALID_MESSAGE);
      setLookup(null);
      input.current?.focus();
      return;
    }
    controller.current?.abort();
    controller.current = new AbortController();
    setBusy(true);
    setError(null);
    try {
      setLookup(await addressLookupApi.postcode(wanted, controller.current.signal));
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setLookup(null);
      setError(lookupError(e));
    } finally {
      setBusy(false);
    }
  };

  const outside = forDelivery && lookup !== null && !lookup.deliverable;
  return (
    <div className="postcode-lookup">
      <form
        className="postcode-lookup__form"
        onSubmit={find}
        noValidate
        role="search"
        aria-label="Find your address"
      >
        <TextField
          ref={input}
          label="Postcode"
          name="postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          value={postcode}
          error={error ?? undefined}
          onChange={(e) => {
            setPostcode(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? 'Finding…' : 'Find address'}
        </button>
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
        onClick={() =>
          onManual(lookup?.postcode ?? (isUkPostcode(postcode) ? postcode.trim().toUpperCase() : ''))
        }
      >
        {lookup ? 'My address isn’t listed: enter it myself' : 'Enter the address myself'}
      </button>
    </div>
  );
}
