import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { accountQueries } from '../../features/customers/customers.queries';
import { AccountStoreCredit } from './account-store-credit';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';
import { RecentOrdersSection, UpcomingOrdersSection } from './orders-sections';
import { PlanSection } from './plan-section';

export function DashboardPage() {
  usePageMeta('Your account');
  const { data: customer } = useQuery(customerQueries.me());
  const addresses = useQuery(accountQueries.addresses());
  if (!customer) return null;
  const home = addresses.data?.find((a) => a.isDefault);
  return (
    <div className="account-grid">
      <section className="account-section" aria-labelledby="hello-heading">
        <h2 id="hello-heading">Ciao{customer.firstName ? `, ${customer.firstName}` : ''}!</h2>
        <p>Choose this week’s dishes, or change your details and addresses.</p>
        <Link to="/menu" className="button button--primary">
          See the menu
        </Link>
      </section>
      <PlanSection />
      <UpcomingOrdersSection />
      <RecentOrdersSection />
      <AccountStoreCredit balance={customer.storeCredits} />
      <section className="account-section" aria-labelledby="address-heading">
        <h2 id="address-heading">Delivery address</h2>
        {addresses.isPending ? (
          <p>Loading…</p>
        ) : addresses.isError ? (
          <p role="alert">Couldn&apos;t load addresses list</p>
        ) : home ? (
          <address>{[home.address1, home.address2, home.city, home.zip].filter(Boolean).join(', ')}</address>
        ) : (
          <p>No address yet.</p>
        )}
        <Link to="/account/my-details#addresses-heading">Manage addresses</Link>
      </section>
    </div>
  );
}
