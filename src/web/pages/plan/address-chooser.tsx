import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Address, CreateAddressBody } from '../../../contracts/addresses';
import type { OrderAddressView } from '../../../contracts/orders';
import { isDeliverableAddress } from '../../../domain/address';
import { accountApi, accountQueries } from '../../features/customers/customers.queries';
import { NEW_ADDRESS, NewAddress, SavedAddressChoices } from '../../features/delivery/address-picker';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { emptyAddress } from '../../shared/forms/address-form';
import { FormError } from '../../shared/forms/fields';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';

// Where a plan's boxes, or one box, go: a saved address from the address book, or a new one found by
// postcode (saved to the book, then chosen). The address picker of features/delivery, as the checkout has it.

/** The saved address an order or plan snapshot came from (same street and postcode), if any. */
export function savedAddressOf(
  addresses: readonly Address[],
  current: OrderAddressView | null,
): Address | null {
  if (!current) return null;
  const key = (street: string | null | undefined, zip: string | null | undefined) =>
    `${(street ?? '').trim().toLowerCase()}|${(zip ?? '').replace(/\s+/g, '').toUpperCase()}`;
  const wanted = key(current.address1, current.zip);
  return addresses.find((address) => key(address.address1, address.zip) === wanted) ?? null;
}

export function AddressChooser({
  current,
  legend,
  submitLabel,
  busyLabel,
  disabled = false,
  onChoose,
}: {
  current: OrderAddressView | null;
  legend: string;
  submitLabel: string;
  busyLabel: string;
  disabled?: boolean;
  /** Sends the choice; what it throws is shown. */
  onChoose: (addressId: string) => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const name = useId();
  const addresses = useQuery(accountQueries.addresses());
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (addresses.isPending) return <Spinner label="Loading your addresses" />;
  if (addresses.isError)
    return <LoadFailed message="Couldn't load addresses list" onRetry={addresses.refetch} />;
  const saved = addresses.data.filter((address) => isDeliverableAddress(address));
  const currentId = savedAddressOf(saved, current)?.id ?? null;
  const chosen = picked ?? currentId ?? saved[0]?.id ?? NEW_ADDRESS;

  const send = async (addressId: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await onChoose(addressId);
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t change the address just now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  const saveNew = async (body: CreateAddressBody) => {
    const address = await accountApi.addAddress(body);
    await queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });
    setPicked(address.id);
    await send(address.id);
  };

  return (
    <div className="address-chooser" aria-busy={busy}>
      <FormError message={problem} />
      <SavedAddressChoices
        name={name}
        legend={legend}
        addresses={saved}
        untitled="Saved address"
        chosen={chosen}
        disabled={disabled || busy}
        onChoose={(id) => {
          setPicked(id);
          setProblem(null);
        }}
      />
      {chosen === NEW_ADDRESS ? (
        <NewAddress
          forDelivery
          blank={emptyAddress(current?.firstName ?? '', current?.lastName ?? '')}
          submitLabel={`Save and ${submitLabel.charAt(0).toLowerCase()}${submitLabel.slice(1)}`}
          onSave={saveNew}
        />
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={disabled || busy || chosen === currentId}
          aria-busy={busy}
          onClick={() => void send(chosen)}
        >
          {busy ? busyLabel : chosen === currentId ? 'Delivering here now' : submitLabel}
        </button>
      )}
    </div>
  );
}
