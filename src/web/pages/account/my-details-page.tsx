import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AddressesSection } from '../../features/customers/addresses-section';
import { AllergenProfileSection } from '../../features/customers/allergen-profile-section';
import { DetailsForm, PaperlessToggle, PasswordForm } from '../../features/customers/profile-forms';
import { customerQueries } from '../../shared/customer.queries';
import { takeawayQueries } from '../../features/takeaway/takeaway.queries';
import { usePageMeta } from '../../shared/use-page-meta';

export function MyDetailsPage() {
  usePageMeta('Profile');
  const queryClient = useQueryClient();
  const { data: customer } = useQuery(customerQueries.me());
  if (!customer) return null;
  return (
    <div className="account-stack">
      <DetailsForm customer={customer} />
      <PaperlessToggle customer={customer} />
      <AddressesSection />
      {/* A new profile changes which takeaway dishes are marked: the menus are read again. */}
      <AllergenProfileSection
        onSaved={() => void queryClient.invalidateQueries({ queryKey: takeawayQueries.all })}
      />
      <PasswordForm customer={customer} />
    </div>
  );
}
