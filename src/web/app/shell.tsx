import { lazy, memo, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from '../shared/router';
import { analytics } from '../shared/analytics';
import { config } from '../shared/config';
import { Toaster } from '../shared/ui/toast';
import { useUi, type UiState } from '../shared/ui/ui-store';
import { whenIdle } from '../shared/when-idle';
import { GeneralNav } from './general-nav';
import { NavigationProgress } from './navigation-progress';

/** One canonical link per page: this origin, this path, no query (spec §2). */
function useCanonicalAndPageView() {
  const { pathname } = useLocation();
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = `${window.location.origin}${pathname}`;
    analytics.pageView(pathname, document.title);
  }, [pathname]);
}

// Dialogs opened on demand (How it works, the phone's menu) are not in the first JS: each is fetched when
// the browser is idle or when first opened, then stays mounted so it opens and closes as any other.
function onDemand(load: () => Promise<{ default: ComponentType }>, isOpen: (ui: UiState) => boolean) {
  const Dialog = lazy(load);
  return function OnDemand() {
    const open = useUi(isOpen);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    useEffect(() => whenIdle(() => void load()), []);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    ) : null;
  };
}

const HowItWorks = onDemand(
  () => import('../features/marketing/how-it-works').then((m) => ({ default: m.HowItWorksModal })),
  (ui) => ui.howItWorksOpen,
);
const PhoneMenu = onDemand(
  () => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })),
  (ui) => ui.mobileMenuOpen,
);

// The page under the shell hydrates apart (React's selective hydration): the shell first, in one short task,
// then the page in slices that leave the main thread free between them, before anything of it is clicked.
// The boundary is memoised, so the shell's own updates (who is signed in, the basket's first read) never
// reach it while it waits: an update there would make React hydrate the whole page at once.
const Page = memo(function Page() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
});

export function Shell() {
  useCanonicalAndPageView();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {config.stagingBanner ? (
        <div className="staging-banner" role="note">
          {config.stagingBanner}
        </div>
      ) : null}
      <NavigationProgress />
      <GeneralNav />
      <PhoneMenu />
      <HowItWorks />
      <main id="main" tabIndex={-1}>
        <Page />
      </main>
      <footer className="site-footer">
        <p>
          Sfoglia Fresh Pasta Ltd · Made in London · <Link to="/support">Help</Link> ·{' '}
          <a href={`${config.brandSiteUrl}/terms`}>Terms</a> ·{' '}
          <a href={`${config.brandSiteUrl}/privacy`}>Privacy</a>
        </p>
      </footer>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
