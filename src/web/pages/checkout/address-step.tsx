import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CreateAddressBody } from '../../../contracts/addresses';
import { isDeliverableAddress } from '../../../domain/address';
import { addressLookupApi } from '../../features/checkout/checkout.queries';
import { saveDeliveryChoices, useDeliveryChoices } from '../../features/checkout/delivery-store';
import { PostcodeLookupForm } from '../../features/checkout/postcode-lookup';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { AddressChoice } from '../../features/customers/address-choice';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { isShopFailure } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { AddressForm, emptyAddress, type AddressValues } from '../../features/customers/address-form';
import { CheckoutFrame } from './checkout-frame';
import { useCheckoutFlow } from './flow-context';
import { checkoutPaths } from './flows';

// delivery/address: deliver to a saved address, or find a new one by postcode (or type it in); a new
// address is saved to the address book and chosen for this checkout.

/** A manually typed postcode must be one we deliver to (the lookup says so for picked addresses). */
export async function checkDeliverable(
  zip: string | null | undefined,
): Promise<{ lat: number | null; lon: number | null }> {
  if (!zip) return { lat: null, lon: null };
  try {
    const lookup = await addressLookupApi.postcode(zip);
    if (!lookup.deliverable) throw new Error(lookup.message ?? `We don't deliver to ${lookup.outcode} yet`);
    return { lat: lookup.lat, lon: lookup.lon };
  } catch (error) {
    if (isShopFailure(error)) return { lat: null, lon: null };
    throw error;
  }
}

export function AddressStep() {
  usePageMeta('Checkout: delivery address');
  const flow = useCheckoutFlow();
  useCheckoutStep(3, flow.kind);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const radioName = useId();
  const customer = useQuery(customerQueries.me()).data;
  const addresses = useQuery(accountQueries.addresses());
  const choices = useDeliveryChoices();
  const saved = (addresses.data ?? []).filter((a) => isDeliverableAddress(a));
  const [picked, setPicked] = useState<string | 'new' | null>(null);
  const [form, setForm] = useState<{ key: number; values: AddressValues } | null>(null);
  const [moving, setMoving] = useState(false);

  const chosen = picked ?? saved.find((a) => a.id === choices.addressId)?.id ?? saved[0]?.id ?? 'new';
  const blank = () => emptyAddress(customer?.firstName ?? '', customer?.lastName ?? '');
  const goOn = async (addressId: string) => {
    setMoving(true);
    saveDeliveryChoices({ addressId });
    await navigate(checkoutPaths(flow).instructions);
  };

  const save = async (body: CreateAddressBody, fromLookup: boolean) => {
    const coordinates = fromLookup && body.lat != null ? null : await checkDeliverable(body.zip);
    const address = await accountApi.addAddress({
      ...body,
      ...(coordinates ?? {}),
      ...((addresses.data ?? []).length === 0 ? { isDefault: true } : {}),
    });
    queryClient.setQueryData(accountQueries.addresses().queryKey, (list) => [...(list ?? []), address]);
    void queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
    await goOn(address.id);
  };

  if (addresses.isPending) {
    return (
      <CheckoutFrame title="Where should we deliver?">
        <Spinner label="Loading your addresses" />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame
      title="Where should we deliver?"
      intro="Your boxes come in an insulated, recyclable box: someone doesn’t need to be in."
    >
      {addresses.isError ? (
        <p className="notice notice--error" role="alert">
          Couldn&apos;t load addresses list
        </p>
      ) : null}
      {saved.length > 0 ? (
        <fieldset className="fieldset choice-list">
          <legend>Your addresses</legend>
          {saved.map((address) => (
            <AddressChoice
              key={address.id}
              address={address}
              name={radioName}
              checked={chosen === address.id}
              untitled="Delivery address"
              onChoose={() => setPicked(address.id)}
            />
          ))}
          <label className="choice">
            <input
              type="radio"
              name={radioName}
              checked={chosen === 'new'}
              onChange={() => setPicked('new')}
            />
            <span className="choice__title">A new address</span>
          </label>
        </fieldset>
      ) : null}
      {chosen !== 'new' ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={moving}
          aria-busy={moving}
          onClick={() => void goOn(chosen)}
        >
          {moving ? 'One moment…' : 'Deliver here'}
        </button>
      ) : (
        <section className="checkout-card" aria-labelledby="new-address-heading">
          <h2 id="new-address-heading">{saved.length > 0 ? 'New address' : 'Find your address'}</h2>
          {form === null ? (
            <PostcodeLookupForm
              forDelivery
              onPick={(address) =>
                setForm({
                  key: Date.now(),
                  values: {
                    ...blank(),
                    address1: address.address1,
                    address2: address.address2 ?? '',
                    city: address.city,
                    zip: address.zip,
                    lat: address.lat,
                    lon: address.lon,
                  },
                })
              }
              onManual={(zip) => setForm({ key: Date.now(), values: { ...blank(), zip } })}
            />
          ) : (
            <>
              <p className="field__hint">
                Check the address, and add a name and phone number for the driver.
              </p>
              <AddressForm
                key={form.key}
                initial={form.values}
                forDelivery
                submitLabel="Save and continue"
                onSave={(body) => save(body, form.values.lat !== null)}
                onCancel={() => setForm(null)}
              />
            </>
          )}
        </section>
      )}
    </CheckoutFrame>
  );
}
