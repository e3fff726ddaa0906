import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from '../../../contracts/addresses';
import { outcodeOf } from '../../../domain/address';
import { Dialog } from '../../shared/ui/dialog';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { AddressForm, addressValues } from '../../shared/forms/address-form';
import { accountApi, accountQueries } from './customers.queries';
import { LoadFailed } from '../../shared/ui/load-failed';

function lines(address: Address): string[] {
  return [
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.address1,
    address.address2,
    [address.city, address.zip].filter(Boolean).join(', '),
    address.phone,
  ].filter((line): line is string => !!line);
}

/**
 * An address our couriers do not reach (issue 19, item 16): kept, since a billing address may be anywhere,
 * and said to be outside the delivery areas wherever it is shown or saved.
 */
function outsideText(address: Address): string | null {
  if (address.deliverable !== false || !address.zip) return null;
  return `Outside our delivery areas: we don’t deliver to ${outcodeOf(address.zip)} yet.`;
}

export function AddressesSection() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(accountQueries.addresses());
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueries.addresses().queryKey });

  const act = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusyId(id);
    try {
      await action();
      await refresh();
      showToast(done);
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'Something went wrong', 'error');
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="account-section" aria-labelledby="addresses-heading">
      <div className="account-section__header">
        <h2 id="addresses-heading">Addresses</h2>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setEditing('new')}
        >
          Add address
        </button>
      </div>
      {isPending ? (
        <Spinner label="Loading your addresses" />
      ) : isError ? (
        <LoadFailed message="Couldn't load addresses list" onRetry={refetch} />
      ) : data.length === 0 ? (
        <p>No addresses yet. Add one to get your pasta delivered.</p>
      ) : (
        <ul className="address-list">
          {data.map((address) => (
            <li key={address.id} className="address-card" aria-busy={busyId === address.id}>
              {address.isDefault ? <span className="badge-tag">Default</span> : null}
              <address>
                {lines(address).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              {outsideText(address) ? <p className="address-card__outside">{outsideText(address)}</p> : null}
              <div className="button-row">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setEditing(address)}
                >
                  Edit<span className="visually-hidden"> {address.address1 ?? 'address'}</span>
                </button>
                {address.isDefault ? null : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={busyId !== null}
                    onClick={() =>
                      act(address.id, () => accountApi.makeDefault(address.id), 'Default address changed')
                    }
                  >
                    Make default<span className="visually-hidden"> {address.address1 ?? 'address'}</span>
                  </button>
                )}
                {confirming === address.id ? (
                  <>
                    <button
                      type="button"
                      className="button button--danger button--small"
                      disabled={busyId !== null}
                      onClick={() => {
                        setConfirming(null);
                        void act(address.id, () => accountApi.deleteAddress(address.id), 'Address deleted');
                      }}
                    >
                      Yes, delete<span className="visually-hidden"> {address.address1 ?? 'address'}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setConfirming(null)}
                    >
                      Keep it
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={busyId !== null}
                    onClick={() => setConfirming(address.id)}
                  >
                    Delete<span className="visually-hidden"> {address.address1 ?? 'address'}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an address' : 'Edit address'}
        name="address_form"
      >
        {editing !== null ? (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={addressValues(editing === 'new' ? null : editing)}
            offerDefault={editing === 'new' || !editing.isDefault}
            phoneLabel="Phone (for the driver)"
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              const saved =
                editing === 'new'
                  ? await accountApi.addAddress(body)
                  : await accountApi.updateAddress(editing.id, body);
              await refresh();
              setEditing(null);
              const outside = outsideText(saved);
              showToast(
                `${editing === 'new' ? 'Address added' : 'Address saved'}${outside ? `. ${outside}` : ''}`,
                'info',
                outside ? 6000 : undefined,
              );
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
