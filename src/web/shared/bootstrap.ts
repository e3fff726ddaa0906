import type { QueryClient } from '@tanstack/react-query';
import { camelKeys } from '../../contracts/case';
import { settingsModel } from '../../contracts/shop';
import { customerModel } from '../../contracts/customer-model';
import { setCustomer } from './customer.queries';
import { setAnalyticsContext } from './analytics';
import { readOne } from './api/documents';
import { shopQueries } from './shop.queries';

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const customerCheck = import.meta.env.PROD ? null : customerModel;
const settingsCheck = import.meta.env.PROD ? null : settingsModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [customerCheck, settingsCheck];

// The server inlines, in the same wire form as the API, data the first screen would otherwise wait a
// round trip for (the shop's settings, and who is signed in). Seeding the cache with it saves that round trip.
// It also says the visitor's A/B flag and new or existing (decision 30), which every analytics event carries
// from the first; whether the signed-in customer was shown variants not yet recorded is returned.
export function seedFromBootstrap(queryClient: QueryClient): { unrecorded: boolean } {
  const element = document.getElementById('sfoglia-bootstrap');
  if (!element?.textContent) return { unrecorded: false };
  try {
    const { settings, customer, experiments } = camelKeys(JSON.parse(element.textContent)) as {
      settings?: unknown;
      customer?: unknown;
      experiments?: { abFlag?: string; customerType?: 'new' | 'existing'; unrecorded?: boolean };
    };
    setAnalyticsContext({
      ab_flag: experiments?.abFlag ?? 'none',
      customer_type: experiments?.customerType ?? 'new',
    });
    // The page says who is signed in (null: a visitor, who never asks for customer data).
    if (customer !== undefined) setCustomer(queryClient, customer ? readOne(customer, customerCheck) : null);
    if (settings) {
      queryClient.setQueryData(shopQueries.settings().queryKey, {
        ...readOne(settings, settingsCheck),
        receivedAt: Date.now(),
      });
    }
    return { unrecorded: experiments?.unrecorded === true };
  } catch {
    // A broken bootstrap only costs the round trip it was meant to save (and the flags stay "none", "new").
    return { unrecorded: false };
  }
}
