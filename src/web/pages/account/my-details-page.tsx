import { useQuery } from '@tanstack/react-query';
import { AddressesSection } from '../../features/customers/addresses-section';
import { DetailsForm, PaperlessToggle, PasswordForm } from '../../features/customers/profile-forms';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';

export function MyDetailsPage() {
  usePageMeta('Profile');
  const { data: customer } = useQuery(customerQueries.me());
  if (!customer) return null;
  return (
    <div className="account-stack">
      <DetailsForm customer={customer} />
      <PaperlessToggle customer={customer} />
      <AddressesSection />
      <PasswordForm customer={customer} />
    </div>
  );
}
