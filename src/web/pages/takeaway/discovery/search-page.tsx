import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '../../../shared/router';
import type { LookupAddressResult } from '../../../../contracts/delivery';
import { formatUkPostcode, isUkPostcode } from '../../../../domain/address';
import { findNearby } from '../../../features/takeaway/discovery/nearby';
import {
  forgetSuggestions,
  matchingSuggestions,
  rememberSuggestion,
  usePreviousSuggestions,
  type ChosenAddress,
} from '../../../features/takeaway/discovery/suggestions';
import { SWITCH_FAILURES, switchFailure } from '../../../features/takeaway/discovery/switch';
import { analytics } from '../../../shared/analytics';
import { TextField } from '../../../shared/forms/fields';
import { useTypedBeforeLive } from '../../../shared/forms/typed-before-live';
import { usePageMeta } from '../../../shared/use-page-meta';
import { Spinner } from '../../../shared/ui/spinner';
import { OurKitchens } from './kitchens';
import { findPath } from './loaders';
import { addressSearch, MIN_SEARCH_LENGTH, NoCoordinates, postcodeOnly, withCoordinates } from './lookup';

// /pasta-now-search-address and /catering-search-address (spec §2; issue 13 part 4): the customer types
// an address, a postcode or (for catering) an office or company; the lookup's answers come as they type.
// Choosing one finds the restaurants near it: with some, the address is remembered (spec §9 "pasta-now
// previous suggestions") and the list opens; with none, the Takeaway-unavailable modal (spec §4).

const TYPING_PAUSE_MS = 300;

// Shown only when no kitchen serves the address: not in the page's first JS.
const UnavailableModal = lazy(() =>
  import('./unavailable-modal').then((m) => ({ default: m.UnavailableModal })),
);

const COPY = {
  pasta: {
    title: 'Pasta Now',
    heading: 'Fresh pasta from your nearest Sfoglia',
    intro:
      'Cooked to order in our kitchens: delivered in about half an hour, ready to collect, or to eat in.',
    label: 'Address or postcode',
    hint: 'For example 10 Downing Street, or SW1A 2AA',
    search: 'Find your address',
  },
  catering: {
    title: 'Catering',
    heading: 'Catering for your office or event',
    intro:
      'Sharing platters of fresh pasta for groups, made in our kitchens and delivered to your office or ready to collect. Order a day or two ahead.',
    label: 'Office or company address',
    hint: 'A company or building name, a street, or a postcode',
    search: 'Find your office',
  },
} as const;

type Busy = { key: string } | null;
const keyOf = (address: { label: string }) => address.label;

export function PastaNowSearchPage() {
  return <AddressSearchPage catering={false} />;
}

export function CateringSearchPage() {
  return <AddressSearchPage catering />;
}

function AddressSearchPage({ catering }: { catering: boolean }) {
  const copy = catering ? COPY.catering : COPY.pasta;
  usePageMeta(copy.title);
  const [params] = useSearchParams();
  const fromSwitch = switchFailure(params.get('switch'));
  return (
    <div className="discovery">
      <section className="discovery-hero" aria-labelledby="discovery-heading">
        <h1 id="discovery-heading">{copy.heading}</h1>
        <p className="discovery-hero__intro">{copy.intro}</p>
        {fromSwitch ? (
          <p className="notice notice--warning" role="alert">
            {SWITCH_FAILURES[fromSwitch]}
            {fromSwitch === 'failed' ? null : '. Please search for your address.'}
          </p>
        ) : null}
        <AddressSearch catering={catering} />
      </section>
      <OurKitchens catering={catering} />
    </div>
  );
}

function AddressSearch({ catering }: { catering: boolean }) {
  const copy = catering ? COPY.catering : COPY.pasta;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultsId = useId();
  const previousId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<ChosenAddress | null>(null);
  // "Check a different address": the field takes the focus once the modal (which holds it) has gone.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || unavailable) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [unavailable]);
  // What was typed before the page went live is the search (the lookup follows, as for any typing).
  useTypedBeforeLive(formRef, ({ address }) => {
    if (typeof address === 'string') setTyped(address);
  });
  const previous = matchingSuggestions(usePreviousSuggestions(), typed);

  // The lookup is asked once the customer pauses (or presses Search), not at every letter.
  useEffect(() => {
    const wanted = typed.trim();
    const timer = window.setTimeout(() => setQuery(wanted), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const found = useQuery({ ...addressSearch(query), placeholderData: keepPreviousData });
  const searching = query.length >= MIN_SEARCH_LENGTH;
  const results = searching ? (found.data ?? []) : [];
  const settled = searching && !found.isPlaceholderData && found.isSuccess;
  const postcodeAlone = settled && results.length === 0 && isUkPostcode(query);

  async function choose(key: string, locate: () => Promise<ChosenAddress>) {
    if (busy) return;
    setBusy({ key });
    setError(null);
    try {
      const address = await locate();
      const nearby = await findNearby(queryClient, address, catering);
      analytics.ctaClick('takeaway_address_chosen', { restaurants: nearby.length, catering });
      if (nearby.length === 0) {
        setUnavailable(address);
        return;
      }
      rememberSuggestion(address);
      await navigate(findPath(catering));
    } catch (failure) {
      setError(
        failure instanceof NoCoordinates
          ? failure.message
          : 'We couldn’t look for restaurants just now. Please try again.',
      );
    } finally {
      setBusy(null);
    }
  }
  const pick = (address: LookupAddressResult) => choose(keyOf(address), () => withCoordinates(address));
  const pickPrevious = (address: ChosenAddress) => choose(keyOf(address), async () => address);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = typed.trim();
    if (wanted.length < MIN_SEARCH_LENGTH) {
      setError(`Type at least ${MIN_SEARCH_LENGTH} letters of your address, or your postcode`);
      return;
    }
    setError(null);
    setQuery(wanted);
  };

  const status = !searching
    ? ''
    : !settled
      ? 'Looking up addresses…'
      : postcodeAlone
        ? `We have no addresses listed for ${formatUkPostcode(query)}: search near the postcode instead.`
        : results.length === 0
          ? `No addresses found for “${query}”. Check the spelling, or try your postcode.`
          : `${results.length} ${results.length === 1 ? 'address' : 'addresses'} found`;

  return (
    <>
      <form
        ref={formRef}
        className="discovery-search"
        role="search"
        aria-label={copy.search}
        onSubmit={onSubmit}
      >
        <TextField
          ref={inputRef}
          label={copy.label}
          hint={copy.hint}
          name="address"
          type="search"
          autoComplete="street-address"
          enterKeyHint="search"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <p
        className={searching && settled && results.length === 0 ? 'discovery-status' : 'visually-hidden'}
        role="status"
      >
        {status}
      </p>
      {postcodeAlone ? (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            onClick={() => void choose(query, () => postcodeOnly(query))}
          >
            Search near {formatUkPostcode(query)}
          </button>
        </p>
      ) : null}
      {results.length > 0 ? (
        <section aria-labelledby={resultsId}>
          <h2 id={resultsId} className="discovery-list-title">
            Choose your address
          </h2>
          <AddressList addresses={results} busy={busy} onPick={pick} />
        </section>
      ) : null}
      {previous.length > 0 ? (
        <section aria-labelledby={previousId} className="discovery-previous">
          <h2 id={previousId} className="discovery-list-title">
            Your previous addresses
          </h2>
          <AddressList addresses={previous} busy={busy} onPick={pickPrevious} previous />
          <button type="button" className="link-button discovery-forget" onClick={forgetSuggestions}>
            Forget these addresses
          </button>
        </section>
      ) : null}
      {unavailable ? (
        <Suspense fallback={null}>
          <UnavailableModal
            address={unavailable}
            catering={catering}
            onClose={() => setUnavailable(null)}
            onOtherAddress={() => {
              setUnavailable(null);
              setTyped('');
              setQuery('');
              refocus.current = true;
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function AddressList<T extends { label: string }>({
  addresses,
  busy,
  onPick,
  previous = false,
}: {
  addresses: readonly T[];
  busy: Busy;
  onPick: (address: T) => unknown;
  previous?: boolean;
}) {
  return (
    <ul className={`address-choices ${previous ? 'address-choices--previous' : ''}`}>
      {addresses.map((address) => {
        const checking = busy?.key === keyOf(address);
        return (
          <li key={keyOf(address)}>
            <button
              type="button"
              className="address-choice"
              disabled={busy !== null}
              aria-busy={checking || undefined}
              onClick={() => void onPick(address)}
            >
              <span>{address.label}</span>
              {checking ? <Spinner label="Finding restaurants near this address" /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
