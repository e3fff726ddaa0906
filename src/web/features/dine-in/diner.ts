import { useQuery, type QueryClient } from '@tanstack/react-query';
import { customerQueries } from '../../shared/customer.queries';
import { dineInQueries, type Guest } from './dine-in.queries';

// Who is at the table (decision 28; spec §6): a signed-in customer, a guest who gave an email and a first
// name, or a visitor who is neither yet. A guest session is not a customer: /me stays a visitor's.

export type Diner = { kind: 'customer'; name: string } | { kind: 'guest'; name: string; guest: Guest } | null;

/** Read (from the cache when it has it) in a loader. */
export async function dinerOf(queryClient: QueryClient): Promise<Diner> {
  const customer = await queryClient.ensureQueryData(customerQueries.me());
  if (customer) return { kind: 'customer', name: customer.firstName };
  const guest = await queryClient.ensureQueryData(dineInQueries.guest());
  return guest ? { kind: 'guest', name: guest.firstName ?? '', guest } : null;
}

/** The same in a screen; `pending` while either is being asked. */
export function useDiner(): { diner: Diner; pending: boolean } {
  const customer = useQuery(customerQueries.me());
  const guest = useQuery({ ...dineInQueries.guest(), enabled: customer.data === null });
  if (customer.data) return { diner: { kind: 'customer', name: customer.data.firstName }, pending: false };
  if (customer.isPending || (customer.data === null && guest.isPending))
    return { diner: null, pending: true };
  return guest.data
    ? { diner: { kind: 'guest', name: guest.data.firstName ?? '', guest: guest.data }, pending: false }
    : { diner: null, pending: false };
}

/**
 * What becomes of a card a guest types (decision 28): it is not kept once the money is taken; a tab's card
 * is kept until the tab is paid (a higher limit is held on it). A customer's card is kept as usual.
 */
export function guestCardNote(diner: Diner, forTab: boolean): string | undefined {
  if (diner?.kind !== 'guest') return undefined;
  return forTab
    ? 'As a guest, your card is kept only until your tab is paid, then we forget it.'
    : 'As a guest, your card is used for this payment only: we don’t keep it once you’ve paid.';
}
