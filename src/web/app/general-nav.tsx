import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '../shared/router';
import { useHydrated } from '../shared/use-hydrated';
import { customerQueries } from '../shared/customer.queries';
import { useSignOut } from './use-sign-out';
import { analytics } from '../shared/analytics';
import { AccountIcon, ChevronDown, MenuIcon } from '../shared/ui/icons';
import { setUi } from '../shared/ui/ui-store';
import { NAV_DROPDOWNS, orderNowHref, type NavLink } from './nav-links';

// The general bar (spec §2): dropdowns to the brand site and our pages, Order now (the recipe-kit menu on
// recipe-kit pages, takeaway, the front door, elsewhere), and the account icon. Dropdowns are disclosure buttons (the pattern for site navigation), closed by Escape,
// a click outside or navigation.

function NavAnchor({ link, onNavigate }: { link: NavLink; onNavigate?: () => void }) {
  return link.external ? (
    <a href={link.href} onClick={onNavigate}>
      {link.label}
    </a>
  ) : (
    <Link to={link.href} onClick={onNavigate}>
      {link.label}
    </Link>
  );
}

function Dropdown({ label, links }: { label: string; links: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        ref.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const id = `nav-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li
      ref={ref}
      className="nav-dropdown"
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label} <ChevronDown />
      </button>
      <ul id={id} className="nav-dropdown__panel" hidden={!open}>
        {links.map((link) => (
          <li key={link.label}>
            <NavAnchor link={link} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The account icon: "Go to my account" and "Log out" when signed in; log in otherwise. */
function AccountMenu() {
  const { data } = useQuery(customerQueries.me());
  const customer = useHydrated() ? data : null;
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  if (!customer) {
    return (
      <Link to="/social-login" className="icon-button" aria-label="Log in or sign up">
        <AccountIcon />
      </Link>
    );
  }
  return (
    <div className="nav-dropdown account-menu" ref={ref}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={`Your account (${customer.firstName || customer.email})`}
        onClick={() => setOpen((o) => !o)}
      >
        <AccountIcon />
      </button>
      <ul id="account-menu" className="nav-dropdown__panel nav-dropdown__panel--right" hidden={!open}>
        <li>
          <Link to="/account" onClick={() => setOpen(false)}>
            Go to my account
          </Link>
        </li>
        <li>
          <button
            type="button"
            className="nav-dropdown__item"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}

export function GeneralNav() {
  const location = useLocation();
  return (
    <header className="general-nav">
      <div className="general-nav__inner">
        <button
          type="button"
          className="icon-button general-nav__hamburger"
          aria-label="Open menu"
          onClick={() => setUi({ mobileMenuOpen: true })}
        >
          <MenuIcon />
        </button>
        <Link to="/menu" className="brand" aria-label="Sfoglia home">
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#576458" />
            <path
              d="M14 40c6-10 12-10 18 0s12 10 18 0M14 28c6-10 12-10 18 0s12 10 18 0"
              stroke="#f6d98b"
              strokeWidth="5"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          <span>Sfoglia</span>
        </Link>
        <nav aria-label="Main" className="general-nav__links">
          <ul>
            {NAV_DROPDOWNS.map((dropdown) => (
              <Dropdown key={dropdown.label} {...dropdown} />
            ))}
          </ul>
        </nav>
        <div className="general-nav__actions">
          <Link
            to={orderNowHref(location.pathname)}
            className="button button--primary button--small"
            onClick={() => analytics.ctaClick('order_now', { from: location.pathname })}
          >
            Order now
          </Link>
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
