import type { Address } from '../../../contracts/addresses';

/** "10 Downing Street, London, SW1A 2AA". */
export function addressSummary(address: Address): string {
  return [address.address1, address.address2, address.city, address.zip].filter(Boolean).join(', ');
}

/** A saved address as one choice of a radio group: the name on it, then the address. */
export function AddressChoice({
  address,
  name,
  checked,
  disabled = false,
  untitled,
  onChoose,
}: {
  address: Address;
  /** The radio group's name. */
  name: string;
  checked: boolean;
  disabled?: boolean;
  /** The title when the address has no name on it. */
  untitled: string;
  onChoose: () => void;
}) {
  return (
    <label className="choice">
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onChoose} />
      <span>
        <span className="choice__title">
          {[address.firstName, address.lastName].filter(Boolean).join(' ') || untitled}
        </span>
        <span className="choice__meta">{addressSummary(address)}</span>
      </span>
    </label>
  );
}
