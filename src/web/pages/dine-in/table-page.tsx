import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import type { TakeawayBasket } from '../../../contracts/takeaway';
import { tableTitle } from '../../features/dine-in/table-names';
import { TakeawayMenuView } from '../../features/takeaway/menu/menu-view';
import { tableCheck } from './table-check';
import {
  takeawayBasketApi,
  takeawayQueries,
  type TakeawayBasketState,
} from '../../features/takeaway/takeaway.queries';
import { isApiError, isRefusal } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { useHydrated } from '../../shared/use-hydrated';
import { lazyPart } from '../../shared/lazy-part';
import { usePageMeta } from '../../shared/use-page-meta';
import { NotFoundPage } from '../../app/not-found';

// /dine-in?restaurant=…&table=… (issue 21 part 1; spec §2): a table's QR code, or the eat-in choice of
// /pasta-type. It checks the table can order now (GET /restaurants/{id}/eat_in_available): a closed kitchen
// says when it opens; a table that doesn't exist says so and asks for the number on the table's card (in the
// restaurant's words); a restaurant without table numbers asks for none. Then the visitor's takeaway basket
// is made (or changed) to that restaurant, eaten in at that table, and the restaurant's eat-in menu is shown
// under "Table 12 · Sfoglia Soho", with the guest's open tab if they have one, its basket going to
// /dine-in-checkout. Without a restaurant in the address, the basket's table (the checkout's way back).
// A table's address is a public page (issue 24): the check and the eat-in menu are rendered on the server
// as anyone sees them; the basket is set up once the page is live, and a dish added before it is ready
// waits for it.

/** The guest's open tab: their own, so loaded once the page is live. */
const TabBanner = lazy(async () => ({ default: (await import('./tab-banner')).TabBanner }));
// A closed kitchen, and the question of which table: not the table's menu, so not in the page's first JS
// (issue 24). Rendered on the server, they keep their HTML until their chunk is in (the form works as a
// plain GET meanwhile).
const Closed = lazyPart(async () => (await import('./table-states')).Closed);
const TablePrompt = lazyPart(async () => (await import('./table-states')).TablePrompt);

export function TablePage() {
  const [params] = useSearchParams();
  const restaurantId = params.get('restaurant')?.trim() ?? '';
  const table = params.get('table')?.trim() || null;
  if (restaurantId)
    return <TableCheck key={`${restaurantId}:${table ?? ''}`} restaurantId={restaurantId} table={table} />;
  return <ScanYourTable />;
}

/**
 * The bare address: a visitor with a table (their basket's, their tab's) went there before this page (the
 * server for a page load, the loader for a link), so this one has none.
 */
function ScanYourTable() {
  usePageMeta('Order to your table');
  return (
    <div className="page page--narrow di-page">
      <StepHeading>Order to your table</StepHeading>
      <p>Scan the QR code on your table to see the menu and order. It knows which table you’re at.</p>
      <p>
        Not at a restaurant? <Link to="/pasta-now-search-address">Order a takeaway</Link>
      </p>
    </div>
  );
}

/** Not at this restaurant, or at none: the way to one. */
const FIND_RESTAURANT = { to: '/pasta-now-search-address', label: 'Find a restaurant near you' };

function Waiting({ label }: { label: string }) {
  return (
    <div className="page page--narrow di-page" aria-busy="true">
      <Spinner label={label} />
      <p className="di-waiting">{label}…</p>
    </div>
  );
}

function TableCheck({ restaurantId, table }: { restaurantId: string; table: string | null }) {
  const eatIn = useQuery(tableCheck(restaurantId, table));
  usePageMeta(eatIn.data === null ? 'Restaurant not found' : 'Order to your table');
  if (eatIn.isPending) return <Waiting label="Checking your table" />;
  if (eatIn.isError) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>Order to your table</StepHeading>
        <LoadFailed message="We couldn’t check your table just now." onRetry={eatIn.refetch} />
      </div>
    );
  }
  const facts = eatIn.data;
  // An address that names no restaurant of ours, or a table it does not have: the server answers 404.
  if (!facts) {
    return (
      <NotFoundPage
        title="We can’t find that restaurant"
        pageTitle="Restaurant not found"
        message="Please scan the QR code on your table again, or ask a member of staff."
        action={FIND_RESTAURANT}
      />
    );
  }
  if (facts.table && !facts.table.exists) {
    return (
      <div className="page page--narrow di-page">
        <TablePrompt
          restaurantId={restaurantId}
          name={facts.name}
          prompt={facts.tableNumberPrompt}
          wrong={facts.table.number}
        />
        <p>
          Not at {facts.name}? <Link to={FIND_RESTAURANT.to}>{FIND_RESTAURANT.label}</Link>
        </p>
      </div>
    );
  }
  if (!facts.available) return <Closed restaurantId={restaurantId} name={facts.name} reason={facts.reason} />;
  if (facts.hasTableNumbers && !facts.table) {
    return (
      <div className="page page--narrow di-page">
        <TablePrompt
          restaurantId={restaurantId}
          name={facts.name}
          prompt={facts.tableNumberPrompt}
          wrong={null}
        />
      </div>
    );
  }
  return (
    <TableMenu
      restaurantId={restaurantId}
      table={facts.hasTableNumbers ? (facts.table?.number ?? table) : null}
      name={facts.name}
      takesTabs={facts.openTabCheckouts}
      prompt={facts.tableNumberPrompt}
    />
  );
}

/** Whether the basket is already this table's (same restaurant, eaten in, same table). */
function isTableBasket(
  basket: TakeawayBasket | undefined,
  restaurantId: string,
  table: string | null,
  takesTabs: boolean,
): boolean {
  return (
    !!basket &&
    basket.restaurantId === restaurantId &&
    basket.fulfillmentType === 'eat_in' &&
    !basket.isCateringOrder &&
    (basket.tableNumber ?? null) === table &&
    (takesTabs || !basket.isOpenTab)
  );
}

function TableMenu({
  restaurantId,
  table,
  name,
  takesTabs,
  prompt,
}: {
  restaurantId: string;
  table: string | null;
  name: string;
  takesTabs: boolean;
  prompt: string | null;
}) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  // The visitor's basket, read once the page is live (the HTML is anyone's).
  const basketQuery = useQuery({ ...takeawayQueries.basket(), enabled: hydrated });
  const basket = hydrated ? basketQuery.data?.basket : undefined;
  const ready = isTableBasket(basket, restaurantId, table, takesTabs);
  const setUp = useMutation({
    mutationFn: async (): Promise<TakeawayBasketState> => {
      const current = await queryClient.fetchQuery({ ...takeawayQueries.basket(), staleTime: 0 });
      const body = {
        restaurantId,
        fulfillmentType: 'eat_in' as const,
        tableNumber: table,
        isCateringOrder: false,
        timeSlot: { asap: true },
        address: null,
        ...(takesTabs ? {} : { isOpenTab: false }),
      };
      return current
        ? await takeawayBasketApi.update(current.basket.id, body)
        : await takeawayBasketApi.create(body);
    },
    onSuccess: (state) => queryClient.setQueryData(takeawayQueries.basket().queryKey, state),
  });
  // One set-up at a time: the page's own, and a dish added before it is done waits for the same one.
  const setting = useRef<Promise<TakeawayBasketState> | null>(null);
  const setUpOnce = () =>
    (setting.current ??= setUp.mutateAsync().catch((error: unknown) => {
      setting.current = null;
      throw error;
    }));
  const asked = useRef(false);
  useEffect(() => {
    if (!hydrated || basketQuery.isPending || ready || asked.current) return;
    asked.current = true;
    setUpOnce().catch(() => {});
  });

  if (setUp.isError) {
    return (
      <div className="page page--narrow di-page">
        {isApiError(setUp.error, 'TABLE_NOT_FOUND') ? (
          <TablePrompt restaurantId={restaurantId} name={name} prompt={prompt} wrong={table} />
        ) : (
          <>
            <StepHeading>Order to your table</StepHeading>
            <LoadFailed
              message={
                isRefusal(setUp.error)
                  ? setUp.error.message
                  : 'We couldn’t set up your order for this table just now.'
              }
              onRetry={() => void setUpOnce().catch(() => {})}
            />
          </>
        )}
      </div>
    );
  }
  return (
    <TakeawayMenuView
      basket={ready && basket ? basket : null}
      fulfillmentType="eat_in"
      restaurantId={restaurantId}
      catering={false}
      checkoutTo="/dine-in-checkout"
      withoutBasket={{
        basketForAdd: async () => (await setUpOnce()).basket,
        panel: (
          <p className="twm-basket" aria-busy="true">
            Setting up your table’s order…
          </p>
        ),
      }}
      header={({ allergenNote }) => (
        <TableHeader
          restaurantId={restaurantId}
          name={name}
          table={table}
          takesTabs={takesTabs}
          allergenNote={allergenNote}
        />
      )}
    />
  );
}

function TableHeader({
  restaurantId,
  name,
  table,
  takesTabs,
  allergenNote,
}: {
  name: string;
  table: string | null;
  takesTabs: boolean;
  allergenNote: ReactNode;
  restaurantId: string;
}) {
  const hydrated = useHydrated();
  return (
    <header className="twm-header di-table-header">
      <p className="twm-header__kicker">Eat in · order to your table</p>
      <h1 className="twm-header__title">{tableTitle(name, table)}</h1>
      {hydrated ? (
        <Suspense fallback={null}>
          <TabBanner restaurantId={restaurantId} />
        </Suspense>
      ) : null}
      <p className="twm-header__facts">
        {table
          ? 'We bring your food to your table'
          : 'Give your name when you order: we bring your food to you'}
        {' · No service charge or table fee'}
        {takesTabs ? ' · Pay now or start a tab' : ''}
      </p>
      {allergenNote}
    </header>
  );
}
