import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from '../../../shared/router';
import type { Restaurant } from '../../../../contracts/restaurants';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import { chooseRestaurant } from '../../../features/takeaway/discovery/basket';
import { eatInQueries } from '../../../features/takeaway/discovery/eat-in.queries';
import {
  collectionText,
  deliveryFeeText,
  FULFILMENT_LABELS,
} from '../../../features/takeaway/discovery/facts';
import type { NearbyRestaurant } from '../../../features/takeaway/discovery/nearby';
import {
  checkTableNumber,
  dineInPath,
  notATable,
  numberedTables,
} from '../../../features/takeaway/discovery/table-number';
import { useNearby } from './use-nearby';
import type { ChosenAddress } from '../../../features/takeaway/discovery/suggestions';
import { analytics } from '../../../shared/analytics';
import { isRefusal } from '../../../shared/api/client';
import { FormError, SubmitButton, TextField } from '../../../shared/forms/fields';
import { useForm } from '../../../shared/forms/use-form';
import { usePageMeta } from '../../../shared/use-page-meta';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { AddressLine, useCatering, useSearchedAddress } from './find-page';
import { findPath, searchPath } from './loaders';
import { menuAddress } from '../../../features/takeaway/menu-address';

// /pasta-type (issue 13 part 4): delivery, collection or eat-in from the restaurant chosen, only the ways it
// offers that apply here (delivery only within its radius; catering is never eaten in). Choosing delivery or
// collection makes or changes the takeaway basket and opens the menu (/pasta-now, or /catering-menu). Eat-in
// (issue 21 part 1) opens the restaurant's table ordering, /dine-in, as its table's QR code does: where the
// restaurant numbers its tables, the guest's table is asked for first and checked against its tables.

export function TypePage() {
  const catering = useCatering();
  const address = useSearchedAddress();
  const [params] = useSearchParams();
  usePageMeta('How would you like it?');
  if (!address) return <Navigate to={searchPath(catering)} replace />;
  return (
    <div className="discovery">
      <h1>How would you like it?</h1>
      <AddressLine address={address} catering={catering} />
      <Choices address={address} catering={catering} restaurantId={params.get('restaurant') ?? ''} />
    </div>
  );
}

function Choices({
  address,
  catering,
  restaurantId,
}: {
  address: ChosenAddress;
  catering: boolean;
  restaurantId: string;
}) {
  const nearby = useNearby(address, catering);
  if (nearby.isError) {
    return <LoadFailed message="We couldn’t load the restaurant just now." onRetry={nearby.refetch} />;
  }
  if (!nearby.data) return <Spinner label="Loading the restaurant" />;
  const entry = nearby.data.find((e) => e.restaurant.id === restaurantId);
  if (!entry) {
    return (
      <div className="notice" role="status">
        <p>That restaurant can’t serve this address.</p>
        <p className="notice__actions">
          <Link to={findPath(catering)}>See the restaurants near you</Link>
        </p>
      </div>
    );
  }
  return <TypeChoices entry={entry} address={address} catering={catering} />;
}

function TypeChoices({
  entry,
  address,
  catering,
}: {
  entry: NearbyRestaurant;
  address: ChosenAddress;
  catering: boolean;
}) {
  const { restaurant, fulfillmentTypes } = entry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [askTable, setAskTable] = useState(false);
  const tableForm = useId();
  const chosen = (fulfillmentType: FulfillmentType) =>
    analytics.ctaClick('takeaway_fulfilment_chosen', {
      restaurant: restaurant.id,
      fulfillmentType,
      catering,
    });
  const choose = useMutation({
    mutationFn: (fulfillmentType: FulfillmentType) =>
      chooseRestaurant(queryClient, { restaurantId: restaurant.id, fulfillmentType, address, catering }),
    onSuccess: async (_state, fulfillmentType) => {
      chosen(fulfillmentType);
      await navigate(menuAddress(restaurant.id, catering));
    },
  });
  const detail: Record<FulfillmentType, string> = {
    delivery: catering
      ? `To ${address.label}, at the time you choose · ${deliveryFeeText(restaurant, true)}`
      : `To ${address.label} · ${restaurant.etaText} · ${deliveryFeeText(restaurant)}`,
    pickup: catering
      ? `From ${restaurant.address1}, ${restaurant.postcode}, at the time you choose`
      : `From ${restaurant.address1}, ${restaurant.postcode} · ${collectionText(restaurant)}`,
    eat_in: `Order to your table at ${restaurant.name}`,
  };
  const outOfRange =
    restaurant.fulfillmentTypes.includes('delivery') && !fulfillmentTypes.includes('delivery');
  return (
    <section aria-labelledby="type-restaurant">
      <h2 id="type-restaurant" className="type-restaurant">
        {restaurant.name}
      </h2>
      {outOfRange ? (
        <p className="notice">
          {restaurant.name} delivers within {restaurant.deliveryRadiusMiles} miles: this address is too far
          for a delivery.
        </p>
      ) : null}
      {choose.isError ? (
        <LoadFailed
          message={
            isRefusal(choose.error)
              ? choose.error.message
              : 'We couldn’t save your choice just now. Please try again.'
          }
        />
      ) : null}
      <ul className="type-choices">
        {fulfillmentTypes.map((type) => {
          const busy = choose.isPending && choose.variables === type;
          // Eat-in needs no basket here: /dine-in makes the table's own.
          const asksTable = type === 'eat_in' && restaurant.hasTableNumbers;
          const onClick = () => {
            if (type !== 'eat_in') return choose.mutate(type);
            if (asksTable) return setAskTable(!askTable);
            chosen(type);
            void navigate(dineInPath(restaurant.id));
          };
          return (
            <li key={type}>
              <button
                type="button"
                className={`type-choice${asksTable && askTable ? ' type-choice--open' : ''}`}
                disabled={choose.isPending}
                aria-busy={busy || undefined}
                aria-expanded={asksTable ? askTable : undefined}
                aria-controls={asksTable && askTable ? tableForm : undefined}
                onClick={onClick}
              >
                <span className="type-choice__name">{FULFILMENT_LABELS[type]}</span>
                <span className="type-choice__detail">{detail[type]}</span>
                {busy ? <Spinner label="Saving your choice" /> : null}
              </button>
              {asksTable && askTable ? (
                <TableNumberForm
                  id={tableForm}
                  restaurant={restaurant}
                  onChosen={(table) => {
                    chosen(type);
                    void navigate(dineInPath(restaurant.id, table));
                  }}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <p>
        <Link to={findPath(catering)}>Choose another restaurant</Link>
      </p>
    </section>
  );
}

/**
 * The guest's table at a restaurant that numbers them: the restaurant's own prompt, a number checked against
 * its tables as it is typed (shown at submit), then against the server, which also says whether the tables
 * can order now.
 */
function TableNumberForm({
  id,
  restaurant,
  onChosen,
}: {
  id: string;
  restaurant: Pick<Restaurant, 'id' | 'name' | 'tableNumberPrompt'>;
  onChosen: (table: string) => void;
}) {
  const queryClient = useQueryClient();
  const tables = useQuery(eatInQueries.tables(restaurant.id));
  const known = tables.data ?? null;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const form = useForm<{ table: string }, string>({
    initial: { table: '' },
    check: ({ table }) => {
      const checked = checkTableNumber(table, restaurant.name, known);
      return checked.ok
        ? { ok: true, data: checked.table }
        : { ok: false, errors: { table: checked.problem } };
    },
    onSubmit: async (table) => {
      const now = await queryClient.fetchQuery(eatInQueries.availability(restaurant.id, table));
      if (now.table && !now.table.exists) {
        form.report('table', notATable(restaurant.name, table, known), ['table']);
        return;
      }
      if (!now.available) {
        form.fail(
          `${(now.reason ?? `${restaurant.name}’s tables can’t order just now`).replace(/\.$/, '')}. You can order for collection instead.`,
        );
        return;
      }
      onChosen(now.table?.number ?? table);
    },
    failure: (error) =>
      isRefusal(error) ? error.message : 'We couldn’t check your table just now. Please try again.',
  });
  return (
    <form id={id} className="type-table" {...form.props} aria-label={`Your table at ${restaurant.name}`}>
      <TextField
        ref={input}
        label="Your table number"
        hint={restaurant.tableNumberPrompt ?? 'It’s on the card on your table.'}
        name="table"
        autoComplete="off"
        inputMode={known && numberedTables(known) ? 'numeric' : 'text'}
        enterKeyHint="go"
        maxLength={20}
        {...form.field('table')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Checking your table…" block>
        Order at this table
      </SubmitButton>
    </form>
  );
}
