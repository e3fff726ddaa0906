import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { trackNavigation } from './app/navigation-history';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './routes';
import { seedFromBootstrap } from './shared/bootstrap';
import { onUnauthorized } from './shared/api/client';
import { forgetCustomer } from './shared/customer.queries';
import './typeface.css';
import './styles.css';

const queryClient = createQueryClient();
seedFromBootstrap(queryClient);
// Spec §8: a 401 on any call resets the customer store (signed out).
onUnauthorized(() => forgetCustomer(queryClient));
const router = createBrowserRouter(createRoutes(queryClient));
trackNavigation(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
