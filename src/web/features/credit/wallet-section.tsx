import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { customerQueries } from '../../shared/customer.queries';
import { StoreCreditSection } from './store-credit-section';

// One wallet in the account (issue 23 part 4, decision 30): the customer's store credit, what expires next,
// the lots it is made of and one history of every movement with where it came from.

export function WalletSection({ resendConfirmation }: { resendConfirmation?: ReactNode } = {}) {
  const { data: customer } = useQuery(customerQueries.me());
  if (!customer) return null;
  return <StoreCreditSection balance={customer.storeCredits} resendConfirmation={resendConfirmation} />;
}
