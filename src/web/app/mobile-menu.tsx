import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerQueries } from '../shared/customer.queries';
import { useHydrated } from '../shared/use-hydrated';
import { useSignOut } from './use-sign-out';
import { Link } from '../shared/router';
import { analytics } from '../shared/analytics';
import { brandUrl } from '../shared/config';
import { Dialog } from '../shared/ui/dialog';
import { modalHistorySettled } from '../shared/ui/modal-history';
import { ChevronLeft, ChevronRight } from '../shared/ui/icons';
import { setUi, useUi } from '../shared/ui/ui-store';
import { ACCOUNT_LINKS } from './nav-links';

// The mobile menu (spec §2, §4): a main level and a My account submenu. Its links close it and replace its
// history entry (Dialog); How recipe kits work takes its entry over (modal-history.ts).

export function MobileMenu() {
  const open = useUi((s) => s.mobileMenuOpen);
  const { data } = useQuery(customerQueries.me());
  const customer = useHydrated() ? data : null;
  const signOut = useSignOut();
  const [level, setLevel] = useState<'main' | 'account'>('main');
  const close = () => {
    setUi({ mobileMenuOpen: false });
    setLevel('main');
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={level === 'main' ? 'Menu' : 'My account'}
      name="mobile_menu"
      className="dialog--sheet-left"
    >
      {level === 'main' ? (
        <nav aria-label="Mobile">
          <ul className="mobile-menu">
            <li>
              <Link to="/menu" onClick={close}>
                Recipe kit menu
              </Link>
            </li>
            <li>
              <Link to="/catering-search-address" onClick={close}>
                Catering menu
              </Link>
            </li>
            <li>
              <button type="button" className="mobile-menu__more" onClick={() => setLevel('account')}>
                My account <ChevronRight />
              </button>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  analytics.ctaClick('how_it_works', { from: 'mobile_menu' });
                  setUi({ howItWorksOpen: true });
                }}
              >
                How recipe kits work
              </button>
            </li>
            <li>
              <Link to="/events/themes" onClick={close}>
                Experiences
              </Link>
            </li>
            <li>
              <Link to="/gift-boxes" onClick={close}>
                Gifts
              </Link>
            </li>
            <li>
              <a href={brandUrl('/guides')}>Guides &amp; inspiration</a>
            </li>
            <li>
              <a href={brandUrl('/recipe-kits/faqs')}>FAQs</a>
            </li>
          </ul>
          <div className="mobile-menu__auth">
            {customer ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  close();
                  // Signing out ends on another page: only once the menu's history entry is off.
                  void modalHistorySettled().then(signOut);
                }}
              >
                Log out
              </button>
            ) : (
              <>
                <Link to="/login" className="button button--secondary" onClick={close}>
                  Log in
                </Link>
                <Link to="/signup" className="button button--primary" onClick={close}>
                  Sign up
                </Link>
              </>
            )}
          </div>
        </nav>
      ) : (
        <nav aria-label="My account">
          <button type="button" className="mobile-menu__back" onClick={() => setLevel('main')}>
            <ChevronLeft /> Back
          </button>
          <ul className="mobile-menu">
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.href}>
                <Link to={link.href} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Dialog>
  );
}
