import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from '../../shared/router';
import type { CreateAddressBody } from '../../../contracts/addresses';
import { isDeliverableAddress } from '../../../domain/address';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { checkoutPaths } from '../../features/checkout/flows';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { NEW_ADDRESS, NewAddress, SavedAddressChoices } from '../../features/delivery/address-picker';
import { saveDeliveryChoices, useDeliveryChoices } from '../../features/delivery/delivery-store';
import { customerQueries } from '../../shared/customer.queries';
import { emptyAddress } from '../../shared/forms/address-form';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame, NextStepButton } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';

// delivery/address: deliver to a saved address, or find a new one by postcode (or type it in); a new
// address is saved to the address book and chosen for this checkout.

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
  const [picked, setPicked] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  const chosen = picked ?? saved.find((a) => a.id === choices.addressId)?.id ?? saved[0]?.id ?? NEW_ADDRESS;
  const goOn = async (addressId: string) => {
    setMoving(true);
    saveDeliveryChoices({ addressId });
    await navigate(checkoutPaths(flow).instructions);
  };

  const save = async (body: CreateAddressBody) => {
    const address = await accountApi.addAddress({
      ...body,
      ...((addresses.data ?? []).length === 0 ? { isDefault: true } : {}),
    });
    queryClient.setQueryData(accountQueries.addresses().queryKey, (list) => [...(list ?? []), address]);
    void queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
    await goOn(address.id);
  };

  if (addresses.isPending) {
    return <CheckoutFrame title="Where should we deliver?" loading="Loading your addresses" />;
  }

  return (
    <CheckoutFrame
      title="Where should we deliver?"
      intro="Your boxes come in an insulated, recyclable box: someone doesn’t need to be in."
    >
      <SavedAddressChoices
        name={radioName}
        loadFailed={addresses.isError}
        legend="Your addresses"
        addresses={saved}
        untitled="Delivery address"
        chosen={chosen}
        onChoose={setPicked}
      />
      {chosen !== NEW_ADDRESS ? (
        <NextStepButton busy={moving} onClick={() => void goOn(chosen)}>
          Deliver here
        </NextStepButton>
      ) : (
        <section className="checkout-card" aria-labelledby="new-address-heading">
          <h2 id="new-address-heading">{saved.length > 0 ? 'New address' : 'Find your address'}</h2>
          <NewAddress
            forDelivery
            blank={emptyAddress(customer?.firstName ?? '', customer?.lastName ?? '')}
            hint="Check the address, and add a name and phone number for the driver."
            submitLabel="Save and continue"
            onSave={save}
          />
        </section>
      )}
    </CheckoutFrame>
  );
}
