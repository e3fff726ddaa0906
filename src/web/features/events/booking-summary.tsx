import type { EventLocation, EventSlot, EventUpgrade } from '../../../contracts/events';
import { formatPence } from '../../../domain/money';
import type { ReceiptRow } from '../../../domain/receipt';
import { ReceiptTotals } from '../../shared/ui/receipt-totals';
import type { BookingDraft } from './booking-draft';
import { guestsLabel } from './format';

const times = (n: number, what: string, price: number) => `${n} ${what} × ${formatPence(price)}`;

/**
 * The booking's price, line by line: the seats at the slot's prices, each add-on chosen, the total. A preview
 * from the slot's prices; what is charged is the placed order's (the payment step shows that).
 */
export function bookingPriceRows(
  slot: Pick<EventSlot, 'adultPrice' | 'childPrice'>,
  draft: Pick<BookingDraft, 'adults' | 'children' | 'upgrades'>,
  upgrades: readonly EventUpgrade[] = [],
): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  let total = 0;
  if (draft.adults > 0) {
    const amount = draft.adults * slot.adultPrice;
    total += amount;
    rows.push({
      label: times(draft.adults, draft.adults === 1 ? 'adult' : 'adults', slot.adultPrice),
      value: formatPence(amount),
      kind: 'item',
    });
  }
  if (draft.children > 0 && slot.childPrice !== null) {
    const amount = draft.children * slot.childPrice;
    total += amount;
    rows.push({
      label: times(draft.children, draft.children === 1 ? 'child' : 'children', slot.childPrice),
      value: formatPence(amount),
      kind: 'item',
    });
  }
  for (const upgrade of upgrades) {
    const quantity = draft.upgrades[upgrade.id] ?? 0;
    if (quantity <= 0) continue;
    const amount = quantity * upgrade.price;
    total += amount;
    rows.push({ label: `${upgrade.title} × ${quantity}`, value: formatPence(amount), kind: 'item' });
  }
  rows.push({ label: 'Total', value: formatPence(total), kind: 'total' });
  return rows;
}

/** What, when, where (with the address) and who: the booking as the reservation and the checkout say it. */
export function BookingFacts({
  slot,
  location,
  adults,
  children,
}: {
  slot: EventSlot;
  location: EventLocation | undefined;
  adults: number;
  children: number;
}) {
  return (
    <dl className="ev-booking-facts">
      <div>
        <dt>What</dt>
        <dd>{slot.templateTitle}</dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>
          {slot.dateLabel}, {slot.timeLabel}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>
          {location ? (
            <address>
              <span>{location.name}</span>
              <span>{location.address1}</span>
              {location.address2 ? <span>{location.address2}</span> : null}
              <span>
                {location.city} {location.postcode}
              </span>
            </address>
          ) : (
            slot.locationName
          )}
        </dd>
      </div>
      <div>
        <dt>Guests</dt>
        <dd>{guestsLabel(adults, children)}</dd>
      </div>
    </dl>
  );
}

export function BookingPrice({ rows }: { rows: readonly ReceiptRow[] }) {
  return <ReceiptTotals rows={rows} label="Price" />;
}
