import { useSyncExternalStore } from 'react';

// The delivery store (spec §9 local storage keys: "delivery store", kept 1 week): what the customer chose
// in the checkout (address, billing address, delivery date, note, frequency), so a reload or a return from
// a card check or PayPal finds it again. Only ids and choices: the address itself stays on the server.

export const DELIVERY_STORE_KEY = 'sfoglia:delivery-store';
export const DELIVERY_STORE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface DeliveryChoices {
  addressId: string | null;
  /** Null: bill to the delivery address. */
  billingAddressId: string | null;
  deliveryDate: string | null;
  /** The courier instruction picked from the list, and the customer's own words. */
  courierInstruction: string | null;
  deliveryNote: string;
  /** Every n weeks. */
  frequency: number;
}

interface Stored extends DeliveryChoices {
  savedAt: number;
}

export const EMPTY_CHOICES: DeliveryChoices = {
  addressId: null,
  billingAddressId: null,
  deliveryDate: null,
  courierInstruction: null,
  deliveryNote: '',
  frequency: 1,
};

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: DeliveryChoices; savedAt: number } | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(DELIVERY_STORE_KEY);
  } catch {
    return null;
  }
}

/** Reads the store; anything older than a week, or unreadable, counts as empty. */
export function readDeliveryChoices(now = Date.now()): DeliveryChoices {
  const raw = readRaw();
  if (cache && cache.raw === raw && (!raw || now - cache.savedAt <= DELIVERY_STORE_TTL_MS))
    return cache.value;
  let value = EMPTY_CHOICES;
  let savedAt = 0;
  if (raw) {
    try {
      const stored = JSON.parse(raw) as Partial<Stored>;
      if (typeof stored.savedAt === 'number' && now - stored.savedAt <= DELIVERY_STORE_TTL_MS) {
        savedAt = stored.savedAt;
        value = {
          addressId: typeof stored.addressId === 'string' ? stored.addressId : null,
          billingAddressId: typeof stored.billingAddressId === 'string' ? stored.billingAddressId : null,
          deliveryDate: typeof stored.deliveryDate === 'string' ? stored.deliveryDate : null,
          courierInstruction:
            typeof stored.courierInstruction === 'string' ? stored.courierInstruction : null,
          deliveryNote: typeof stored.deliveryNote === 'string' ? stored.deliveryNote : '',
          frequency:
            typeof stored.frequency === 'number' && stored.frequency >= 1 && stored.frequency <= 4
              ? stored.frequency
              : 1,
        };
      } else {
        localStorage.removeItem(DELIVERY_STORE_KEY);
      }
    } catch {
      value = EMPTY_CHOICES;
    }
  }
  cache = { raw: readRaw(), value, savedAt };
  return value;
}

export function saveDeliveryChoices(patch: Partial<DeliveryChoices>, now = Date.now()): DeliveryChoices {
  const next: Stored = { ...readDeliveryChoices(now), ...patch, savedAt: now };
  try {
    localStorage.setItem(DELIVERY_STORE_KEY, JSON.stringify(next));
  } catch {
    // Private browsing with storage full or disabled: the choices last for this page only.
  }
  const { savedAt: _savedAt, ...value } = next;
  cache = { raw: readRaw(), value, savedAt: now };
  listeners.forEach((listener) => listener());
  return value;
}

/** The note the courier reads: the instruction picked from the list, then the customer's own words. */
export function deliveryNoteOf(
  choices: Pick<DeliveryChoices, 'courierInstruction' | 'deliveryNote'>,
): string | null {
  const parts = [choices.courierInstruction, choices.deliveryNote.trim()].filter(
    (part): part is string => !!part && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join('. ').slice(0, 500) : null;
}

/** After an order is placed: the date and note were for that order; the addresses stay for next time. */
export function forgetDeliveryDate(): void {
  saveDeliveryChoices({ deliveryDate: null, deliveryNote: '', courierInstruction: null });
}

export function useDeliveryChoices(): DeliveryChoices {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === DELIVERY_STORE_KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    () => readDeliveryChoices(),
    () => EMPTY_CHOICES,
  );
}
