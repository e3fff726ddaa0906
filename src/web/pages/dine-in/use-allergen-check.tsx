import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import { accountQueries } from '../../features/customers/customers.queries';
import { AllergenCheck, type Allergen } from '../../features/takeaway/checkout/allergens';
import { isApiError } from '../../shared/api/client';

// The allergen check before a table's order is placed (issue 13 part 5, as takeaway's): a customer with an
// allergen profile confirms they have checked their dishes; a guest has no profile to check against.

export function useAllergenCheck(isCustomer: boolean, items: TakeawayBasket['items'] | undefined) {
  const profile = useQuery({ ...accountQueries.allergens(), enabled: isCustomer });
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState(false);
  const [asked, setAsked] = useState<Allergen[] | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const allergens = asked ?? profile.data?.allergens ?? [];
  const needed = isCustomer && allergens.length > 0;
  return {
    pending: isCustomer && profile.isPending,
    /** What placing sends: the confirmation, when one is needed. */
    body: needed ? { allergensConfirmed: confirmed } : {},
    /** Asked on "Pay": false (with the box focused) until the customer confirms. */
    ready: () => {
      if (!needed || confirmed) return true;
      setError(true);
      box.current?.focus();
      return false;
    },
    /** A refusal names the allergens to confirm: ask again with them. */
    refused: (refusal: unknown) => {
      if (!isApiError(refusal, 'ALLERGENS_NOT_CONFIRMED')) return;
      const named = refusal.errors[0]?.meta?.allergens;
      if (Array.isArray(named)) setAsked(named as Allergen[]);
      setError(true);
    },
    element: (disabled: boolean) =>
      needed && items ? (
        <AllergenCheck
          ref={box}
          allergens={allergens}
          items={items}
          confirmed={confirmed}
          onConfirm={(value) => {
            setConfirmed(value);
            if (value) setError(false);
          }}
          error={error}
          disabled={disabled}
        />
      ) : null,
  };
}
