import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { useSignOut } from '../../app/use-sign-out';
import { customerQueries } from '../../shared/customer.queries';

// /account (login needed): the tabs of spec §2. Later areas add theirs (pasta plan, orders, offers).
const TABS = [
  { to: '/account', label: 'Dashboard', end: true },
  { to: '/account/order-history', label: 'Past orders', end: false },
  { to: '/account/payment-methods', label: 'Payment methods', end: false },
  { to: '/account/my-details', label: 'Profile', end: false },
];

export function AccountLayout() {
  const { data: customer } = useQuery(customerQueries.me());
  const signOut = useSignOut();
  return (
    <div className="page account">
      <header className="account__header">
        <h1>Your account</h1>
        {customer ? <p className="account__who">{customer.email}</p> : null}
      </header>
      <nav aria-label="Account" className="account__tabs">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `tab ${isActive ? 'tab--active' : ''}`}
          >
            {tab.label}
          </NavLink>
        ))}
        <button type="button" className="tab tab--button" onClick={() => void signOut()}>
          Log out
        </button>
      </nav>
      <Outlet />
    </div>
  );
}
