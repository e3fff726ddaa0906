import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { HowItWorksModal } from '../features/marketing/how-it-works';
import { analytics } from '../shared/analytics';
import { config } from '../shared/config';
import { Toaster } from '../shared/ui/toast';
import { GeneralNav } from './general-nav';
import { MobileMenu } from './mobile-menu';
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
      <MobileMenu />
      <HowItWorksModal />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          Sfoglia Fresh Pasta Ltd · Made in London · <a href={`${config.brandSiteUrl}/terms`}>Terms</a> ·{' '}
          <a href={`${config.brandSiteUrl}/privacy`}>Privacy</a>
        </p>
      </footer>
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
