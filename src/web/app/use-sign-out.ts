import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../shared/router';
import { basketQueries } from '../features/baskets/baskets.queries';
import { analytics } from '../shared/analytics';
import { api } from '../shared/api/client';
import { config } from '../shared/config';
import { forgetCustomer } from '../shared/customer.queries';
import { showToast } from '../shared/ui/toast';

/**
 * Sign-out (spec §4, §7): DELETE /sessions (which also deletes the recipe-kit baskets, takeaway baskets left
 * alone, before the browser becomes a new visitor), clear caches and start a new basket, then open the logout
 * page (the brand site's, or our own). The call is made here, not through features/auth's calls: the nav that
 * offers it is on every page's first load, and the sign-in calls need not be.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api('DELETE', '/sessions');
    } catch {
      showToast('Logout request failed', 'error');
      return;
    }
    analytics.ctaClick('sign_out');
    forgetCustomer(queryClient);
    queryClient.clear();
    forgetCustomer(queryClient);
    await queryClient.prefetchQuery(basketQueries.recipeKit());
    if (/^https?:\/\//.test(config.logoutUrl)) window.location.assign(config.logoutUrl);
    else await navigate(config.logoutUrl, { replace: true });
  };
}
