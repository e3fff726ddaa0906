import type { QueryClient } from '@tanstack/react-query';
import { camelKeys } from '../../contracts/case';
import { settingsModel } from '../../contracts/shop';
import { readOne } from './api/documents';
import { shopQueries } from './shop.queries';

// The server inlines, in the same wire form as the API, data the first screen would otherwise wait a
// round trip for (the shop's settings). Seeding the cache with it saves that round trip.
export function seedFromBootstrap(queryClient: QueryClient): void {
  const element = document.getElementById('sfoglia-bootstrap');
  if (!element?.textContent) return;
  try {
    const { settings } = camelKeys(JSON.parse(element.textContent)) as { settings?: unknown };
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
