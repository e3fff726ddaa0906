import type { PublicConfig } from '../../contracts/shop';

// The server inlines an allow-listed config into index.html as JSON; the Vite dev server does not, so
// the defaults are the embedded shop's.
const DEFAULTS: PublicConfig = {
  branch: 'web',
  storefrontToken: 'demo-storefront-token',
  storefrontUrl: '/storefront/graphql',
  brandSiteUrl: 'https://www.sfoglia.example',
  stagingBanner: null,
  logoutUrl: '/signed-out',
  hiddenWalletLogos: [],
  social: {
    mode: 'local',
    googleClientId: 'sfoglia-local-google',
    facebookAppId: 'sfoglia-local-facebook',
    appleClientId: 'sfoglia-local-apple',
  },
  payments: { mode: 'sandbox', stripePublishableKey: null, stripeJsUrl: null },
};

function read(): PublicConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('sfoglia-config');
  if (!element?.textContent) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) };
  } catch {
    return DEFAULTS;
  }
}

export const config: PublicConfig = read();

/** On the server, where there is no page to read it from: the shop's config, set once at start. */
export function configure(next: PublicConfig): void {
  Object.assign(config, next);
}

/** A page of the brand site (the general nav's dropdowns link there). */
export const brandUrl = (path: string) => `${config.brandSiteUrl}${path}`;
