import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authApi } from '../features/auth/auth.api';
import { basketQueries } from '../features/baskets/baskets.queries';
import { analytics } from '../shared/analytics';
import { api } from '../shared/api/client';
import { config } from '../shared/config';
import { forgetCustomer } from '../shared/customer.queries';
import { showToast } from '../shared/ui/toast';

/**
 * Sign-out (spec §4, §7): DELETE /sessions, clear caches, delete the recipe-kit basket and start a new one
 * (takeaway baskets are left alone), then open the logout page (the brand site's, or our own).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await authApi.signOut();
    } catch {
      showToast('Logout request failed', 'error');
      return;
    }
    analytics.ctaClick('sign_out');
    forgetCustomer(queryClient);
    await api('DELETE', '/baskets/delete_by_type/RecipeKitBasket').catch(() => undefined);
    queryClient.clear();
    forgetCustomer(queryClient);
    await queryClient.prefetchQuery(basketQueries.recipeKit());
    if (/^https?:\/\//.test(config.logoutUrl)) window.location.assign(config.logoutUrl);
    else await navigate(config.logoutUrl, { replace: true });
  };
}
