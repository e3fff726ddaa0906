import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useState } from 'react';
import { Link } from '../../shared/router';
import { bannerText, ORDER_BY_PLACEHOLDER } from '../../../domain/banners';
import { analytics } from '../../shared/analytics';
import { PauseIcon, PlayIcon } from '../../shared/ui/icons';
import { customerQueries } from '../../shared/customer.queries';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { useHydrated } from '../../shared/use-hydrated';
import { bannersFor, customerTypeOf, marketingQueries, type CustomerType } from './marketing.queries';

// Marketing banners rotate through the active ones in order every 5000 ms (spec §4, §9). Rotation pauses
// while hovered or focused, can be paused by the visitor, and does not run for reduced motion. A banner's
// `{order_by}` is the next plan cutoff by the shop's clock (domain/banners.ts); without the clock, such a
// banner waits.

export const BANNER_ROTATION_MS = 5000;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The banners for this customer: new or existing from their order flags once the page has hydrated (a
 * server-rendered page shows a visitor's banners: decision 17), or as `customerType` says. Re-rendered by its
 * own reads only, not by the page around it (a menu re-renders as its basket arrives).
 */
export const MarketingBanners = memo(function MarketingBanners({
  customerType,
}: {
  customerType?: CustomerType;
}) {
  const { data } = useQuery(marketingQueries.banners());
  const { data: customer } = useQuery(customerQueries.me());
  const { data: settings } = useQuery(shopQueries.settings());
  const hydrated = useHydrated();
  const now = settings ? shopNow(settings) : null;
  const banners = bannersFor(
    data ?? [],
    customerType ?? customerTypeOf(hydrated ? (customer ?? null) : null),
  ).filter((banner) => now !== null || !`${banner.text}${banner.mobileText}`.includes(ORDER_BY_PLACEHOLDER));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (banners.length < 2 || paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [banners.length, paused, hovered]);

  if (banners.length === 0) return null;
  const banner = banners[index % banners.length]!;
  const words = (text: string) => (now ? bannerText(text, now) : text);
  const content = (
    <>
      <span className="banner__text banner__text--wide">{words(banner.text)}</span>
      <span className="banner__text banner__text--narrow">{words(banner.mobileText ?? banner.text)}</span>
    </>
  );
  const onClick = () => analytics.ctaClick('marketing_banner', { banner_id: banner.id });
  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label="Offers"
      style={{ background: banner.bgColor, color: banner.fgColor }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="banner" aria-live={paused ? 'polite' : 'off'} data-banner-id={banner.id}>
        {banner.link?.startsWith('/') ? (
          <Link to={banner.link} onClick={onClick} style={{ color: banner.fgColor }}>
            {content}
          </Link>
        ) : banner.link ? (
          <a href={banner.link} onClick={onClick} style={{ color: banner.fgColor }}>
            {content}
          </a>
        ) : (
          content
        )}
      </div>
      {banners.length > 1 ? (
        <button
          type="button"
          className="banner__pause"
          style={{ color: banner.fgColor }}
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play offers' : 'Pause offers'}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      ) : null}
    </section>
  );
});
