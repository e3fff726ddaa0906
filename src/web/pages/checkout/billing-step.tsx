import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSavableAddress } from '../../../domain/address';
import { saveDeliveryChoices, useDeliveryChoices } from '../../features/checkout/delivery-store';
import { PostcodeLookupForm } from '../../features/checkout/postcode-lookup';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { AddressForm, emptyAddress, type AddressValues } from '../../features/customers/address-form';
import { AddressChoice } from '../../features/customers/address-choice';
import { CheckoutFrame } from './checkout-frame';
import { useCheckoutFlow } from './flow-context';
import { checkoutPaths } from './flows';

// billingaddresses: the card's billing address, the delivery address unless the customer says otherwise.
// A billing address may be anywhere (no delivery-area check).

export function BillingStep() {
  usePageMeta('Checkout: billing address');
  const flow = useCheckoutFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const radioName = useId();
  const customer = useQuery(customerQueries.me()).data;
  const addresses = useQuery(accountQueries.addresses());
  const choices = useDeliveryChoices();
  const others = (addresses.data ?? []).filter((a) => a.id !== choices.addressId && isSavableAddress(a));
  const [picked, setPicked] = useState<string | null>(null);
  const [form, setForm] = useState<{ key: number; values: AddressValues } | null>(null);
  const [moving, setMoving] = useState(false);
  const chosen = picked ?? choices.billingAddressId ?? 'same';
  const blank = () => emptyAddress(customer?.firstName ?? '', customer?.lastName ?? '');

  const goOn = async (billingAddressId: string | null) => {
    setMoving(true);
    saveDeliveryChoices({ billingAddressId });
    await navigate(checkoutPaths(flow).payment);
  };

  if (addresses.isPending) {
    return (
      <CheckoutFrame title="Billing address">
        <Spinner label="Loading your addresses" />
      </CheckoutFrame>
    );
  }

  return (
    <CheckoutFrame title="Billing address" intro="The address your card or PayPal account is registered to.">
      <fieldset className="fieldset choice-list">
        <legend>Bill to</legend>
        <label className="choice">
          <input
            type="radio"
            name={radioName}
            checked={chosen === 'same'}
            onChange={() => setPicked('same')}
          />
          <span className="choice__title">The delivery address</span>
        </label>
        {others.map((address) => (
          <AddressChoice
            key={address.id}
            address={address}
            name={radioName}
            checked={chosen === address.id}
            untitled="Saved address"
            onChoose={() => setPicked(address.id)}
          />
        ))}
        <label className="choice">
          <input type="radio" name={radioName} checked={chosen === 'new'} onChange={() => setPicked('new')} />
          <span className="choice__title">A new address</span>
        </label>
      </fieldset>
      {chosen !== 'new' ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={moving}
          aria-busy={moving}
          onClick={() => void goOn(chosen === 'same' ? null : chosen)}
        >
          {moving ? 'One moment…' : 'Continue to payment'}
        </button>
      ) : form === null ? (
        <section className="checkout-card" aria-labelledby="billing-new-heading">
          <h2 id="billing-new-heading">New billing address</h2>
          <PostcodeLookupForm
            forDelivery={false}
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
        </section>
      ) : (
        <section className="checkout-card" aria-labelledby="billing-new-heading">
          <h2 id="billing-new-heading">New billing address</h2>
          <AddressForm
            key={form.key}
            initial={form.values}
            forDelivery={false}
            submitLabel="Save and continue"
            onCancel={() => setForm(null)}
            onSave={async (body) => {
              try {
                const address = await accountApi.addAddress(body);
                await queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
                await goOn(address.id);
              } catch (error) {
                // Spec §8.
                throw isApiError(error, 'VALIDATION_FAILED')
                  ? error
                  : new Error("Couldn't save your billing address");
              }
            }}
          />
        </section>
      )}
    </CheckoutFrame>
  );
}
