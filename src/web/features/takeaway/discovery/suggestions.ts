import { useSyncExternalStore } from 'react';

// The Pasta Now previous suggestions (spec §9 local storage key "pasta-now previous suggestions"): the
// addresses a customer searched from that found a restaurant, newest first, offered again on their next
// visit. The newest is the address the restaurant list and the fulfilment choice are for. Only what the
// address lookup answered is kept: the lines, the postcode and the coordinates.

export const PREVIOUS_SUGGESTIONS_KEY = 'sfoglia:pasta-now-previous-suggestions';
export const MAX_PREVIOUS_SUGGESTIONS = 5;

/** An address with its coordinates: where a takeaway is delivered, or what the nearest kitchen is near. */
export interface ChosenAddress {
  /** "10 Downing Street, London SW1A 2AA": one line, as the address lookup wrote it. */
  label: string;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  lat: number;
  lon: number;
}

const EMPTY: readonly ChosenAddress[] = [];

const compact = (text: string | null) => (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Whether two postcodes are the same, however they were written ("sw1a2aa" is "SW1A 2AA"). */
export function samePostcode(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && compact(a) !== '' && compact(a) === compact(b);
}

/** The same address: the same postcode and lines, whatever the case or spacing. */
export function sameAddress(a: ChosenAddress, b: ChosenAddress): boolean {
  return (
    samePostcode(a.zip, b.zip) &&
    compact(a.address1) === compact(b.address1) &&
    compact(a.address2) === compact(b.address2)
  );
}

/** The list with `address` first (moved there if it was in it already), at most `max` long. */
export function withSuggestion(
  list: readonly ChosenAddress[],
  address: ChosenAddress,
  max = MAX_PREVIOUS_SUGGESTIONS,
): ChosenAddress[] {
  return [address, ...list.filter((other) => !sameAddress(other, address))].slice(0, max);
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** One stored entry, or null when it is not an address we wrote (another version, or edited by hand). */
function readEntry(value: unknown): ChosenAddress | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (!isText(entry.label) || !isText(entry.address1) || !isText(entry.city) || !isText(entry.zip))
    return null;
  if (!isCoordinate(entry.lat, 90) || !isCoordinate(entry.lon, 180)) return null;
  if (entry.address2 !== null && entry.address2 !== undefined && !isText(entry.address2)) return null;
  return {
    label: entry.label,
    address1: entry.address1,
    address2: entry.address2 ?? null,
    city: entry.city,
    zip: entry.zip,
    lat: entry.lat,
    lon: entry.lon,
  };
}

/** The stored list, keeping what reads as an address and dropping anything else. */
export function parseSuggestions(raw: string | null): ChosenAddress[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map(readEntry)
      .filter((entry): entry is ChosenAddress => entry !== null)
      .reduce<ChosenAddress[]>(
        (list, entry) => (list.some((other) => sameAddress(other, entry)) ? list : [...list, entry]),
        [],
      )
      .slice(0, MAX_PREVIOUS_SUGGESTIONS);
  } catch {
    return [];
  }
}

/**
 * The suggestions worth showing under what the customer has typed: all of them before they type, then
 * those whose line holds every word typed (the start of a word, "down" for "Downing").
 */
export function matchingSuggestions(list: readonly ChosenAddress[], typed: string): readonly ChosenAddress[] {
  const words = typed
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((entry) => {
    const own = entry.label.toUpperCase().split(/[^A-Z0-9]+/);
    const postcode = compact(entry.zip);
    return words.every((word) => own.some((part) => part.startsWith(word)) || postcode.startsWith(word));
  });
}

// The store: local storage, read once per change, with listeners for the screens that show it.

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: readonly ChosenAddress[] } | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(PREVIOUS_SUGGESTIONS_KEY);
  } catch {
    return null;
  }
}

export function readSuggestions(): readonly ChosenAddress[] {
  const raw = readRaw();
  if (!cache || cache.raw !== raw) cache = { raw, list: raw ? parseSuggestions(raw) : EMPTY };
  return cache.list;
}

function write(list: readonly ChosenAddress[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(PREVIOUS_SUGGESTIONS_KEY);
    else localStorage.setItem(PREVIOUS_SUGGESTIONS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or turned off: the address is used for this visit only.
  }
  cache = { raw: readRaw(), list };
  listeners.forEach((listener) => listener());
}

/** Remembers an address the customer found a restaurant from: it comes first next time. */
export function rememberSuggestion(address: ChosenAddress): void {
  write(withSuggestion(readSuggestions(), address));
}

/** The address the restaurant list is for: the newest suggestion, or null before any search. */
export function currentAddress(): ChosenAddress | null {
  return readSuggestions()[0] ?? null;
}

export function forgetSuggestions(): void {
  write(EMPTY);
}

/** The suggestions, kept up to date; none while rendering on the server or hydrating (they are the browser's). */
export function usePreviousSuggestions(): readonly ChosenAddress[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === PREVIOUS_SUGGESTIONS_KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    readSuggestions,
    () => EMPTY,
  );
}
