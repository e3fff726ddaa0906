import type { QueryClient } from '@tanstack/react-query';
import { camelKeys } from '../../contracts/case';
import { settingsModel } from '../../contracts/shop';
import { customerModel } from '../../contracts/customer-model';
import { setCustomer } from './customer.queries';
import { readOne } from './api/documents';
import { shopQueries } from './shop.queries';

// The server inlines, in the same wire form as the API, data the first screen would otherwise wait a
// round trip for (the shop's settings, and who is signed in). Seeding the cache with it saves that round trip.
export function seedFromBootstrap(queryClient: QueryClient): void {
  const element = document.getElementById('sfoglia-bootstrap');
  if (!element?.textContent) return;
  try {
    const { settings, customer } = camelKeys(JSON.parse(element.textContent)) as {
      settings?: unknown;
      customer?: unknown;
    };
    // The page says who is signed in (null: a visitor, who never asks for customer data).
    if (customer !== undefined) setCustomer(queryClient, customer ? readOne(customer, customerModel) : null);
    if (settings) {
      queryClient.setQueryData(shopQueries.settings().queryKey, {
        ...readOne(settings, settingsModel),
        receivedAt: Date.now(),
      });
    }
  } catch {
    // A broken bootstrap only costs the round trip it was meant to save.
  }
}
