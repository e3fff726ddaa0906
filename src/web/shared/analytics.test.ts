import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

// Every analytics event carries the A/B flag and new-or-existing (issue 23 part 6, decision 30): what it was
// told last, "none" and "new" before anything is known, and an event's own fields never replace them.

let dataLayer: Record<string, unknown>[];

beforeEach(() => {
  vi.resetModules();
  dataLayer = [];
  vi.stubGlobal('window', { dataLayer });
});
afterEach(() => vi.unstubAllGlobals());

describe('analytics', () => {
  test('every event carries ab_flag and customer_type, from before anything is known to what was set last', async () => {
    const { analytics, setAnalyticsContext } = await import('./analytics');
    analytics.pageView('/menu', 'Menu');
    setAnalyticsContext({ ab_flag: 'menu-banner-copy:b' });
    analytics.ctaClick('marketing_banner', { banner_id: '1' });
    setAnalyticsContext({ customer_type: 'existing' });
    analytics.signUp('google');
    analytics.errorReported('Something went wrong', { status: 500, ab_flag: 'forged', customer_type: 'x' });
    expect(dataLayer).toEqual([
      { event: 'page_view', page_path: '/menu', page_title: 'Menu', ab_flag: 'none', customer_type: 'new' },
      {
        event: 'cta_click',
        cta_name: 'marketing_banner',
        banner_id: '1',
        ab_flag: 'menu-banner-copy:b',
        customer_type: 'new',
      },
      { event: 'sign_up', method: 'google', ab_flag: 'menu-banner-copy:b', customer_type: 'existing' },
      {
        event: 'error_reported',
        error_message: 'Something went wrong',
        status: 500,
        ab_flag: 'menu-banner-copy:b',
        customer_type: 'existing',
      },
    ]);
  });
});
