import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from '../../shared/router';
import { isSavableAddress } from '../../../domain/address';
import { checkoutPaths } from '../../features/checkout/flows';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { NEW_ADDRESS, NewAddress, SavedAddressChoices } from '../../features/delivery/address-picker';
import { saveDeliveryChoices, useDeliveryChoices } from '../../features/delivery/delivery-store';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { emptyAddress } from '../../shared/forms/address-form';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame, NextStepButton } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';

// billingaddresses: the card's billing address, the delivery address unless the customer says otherwise.
// A billing address may be anywhere (no delivery-area check).

const SAME = 'same';

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
  const [moving, setMoving] = useState(false);
  const chosen = picked ?? choices.billingAddressId ?? SAME;

  const goOn = async (billingAddressId: string | null) => {
    setMoving(true);
    saveDeliveryChoices({ billingAddressId });
    await navigate(checkoutPaths(flow).payment);
  };

  if (addresses.isPending) {
    return <CheckoutFrame title="Billing address" loading="Loading your addresses" />;
  }

  return (
    <CheckoutFrame title="Billing address" intro="The address your card or PayPal account is registered to.">
      <SavedAddressChoices
        name={radioName}
        legend="Bill to"
        first={{ id: SAME, title: 'The delivery address' }}
        addresses={others}
        untitled="Saved address"
        chosen={chosen}
        onChoose={setPicked}
      />
      {chosen !== NEW_ADDRESS ? (
        <NextStepButton busy={moving} onClick={() => void goOn(chosen === SAME ? null : chosen)}>
          Continue to payment
        </NextStepButton>
      ) : (
        <section className="checkout-card" aria-labelledby="billing-new-heading">
          <h2 id="billing-new-heading">New billing address</h2>
          <NewAddress
            forDelivery={false}
            blank={emptyAddress(customer?.firstName ?? '', customer?.lastName ?? '')}
            submitLabel="Save and continue"
            onSave={async (body) => {
              try {
                const address = await accountApi.addAddress(body);
                await queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
                await goOn(address.id);
              } catch (error) {
                // Spec §8: what was wrong with the address, else "Couldn't save your billing address".
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
