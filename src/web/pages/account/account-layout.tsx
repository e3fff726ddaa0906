import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from '../../shared/router';
import { ACCOUNT_LINKS } from '../../app/nav-links';
import { useSignOut } from '../../app/use-sign-out';
import { ConfirmEmailNotice } from '../../features/auth/confirm-email-notice';
import { customerQueries } from '../../shared/customer.queries';

// /account (login needed): the tabs of spec §2, the same as the mobile menu's My account. Later areas add
// theirs (pasta plan, offers) to the route table, and the tabs follow.

/** On a phone the tabs scroll sideways on their own: the current one is brought into view, the page stays. */
function useCurrentTabInView() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = ref.current;
    const current = nav?.querySelector('[aria-current="page"]');
    if (!nav || !current) return;
    const shown = nav.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    // Centred where it can be (scrollIntoView would scroll the page as well).
    const left = nav.scrollLeft + tab.left - shown.left - (shown.width - tab.width) / 2;
    nav.scrollTo({ left: Math.max(0, left) });
  }, [pathname]);
  return ref;
}

export function AccountLayout() {
  const { data: customer } = useQuery(customerQueries.me());
  const signOut = useSignOut();
  const tabsRef = useCurrentTabInView();
  return (
    <div className="page account">
      <header className="account__header">
        <h1>Your account</h1>
        {customer ? <p className="account__who">{customer.email}</p> : null}
      </header>
      <ConfirmEmailNotice />
      <nav aria-label="Account" className="account__tabs" ref={tabsRef}>
        {ACCOUNT_LINKS.map((tab) => (
          <NavLink
            key={tab.href}
            to={tab.href}
            end={tab.href === '/account'}
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
