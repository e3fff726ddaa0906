import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type CSSProperties } from 'react';
import { useSearchParams } from '../shared/router';
import { planOrderByText } from '../../domain/banners';
import { deliveryFeesText, type BasketRules } from '../../domain/basket';
import { longDayLabel, relativeDeadlineLabel, type IsoDate } from '../../domain/calendar';
import { formatPence } from '../../domain/money';
import {
  groupBySection,
  isVisibleOnMenu,
  MENU_FILTERS,
  matchesFilter,
  sectionTitle,
  type MenuFilter,
} from '../../domain/menu';
import {
  deliveryDaysOfWeek,
  isDateOrderable,
  menuLoadingOrder,
  orderDeadline,
  weekTabText,
} from '../../domain/menu-weeks';
import { BasketPanel, BasketWeeks } from '../features/baskets/basket-panel';
import { BasketBarTotal } from '../features/baskets/basket-total';
import { basketQueries } from '../features/baskets/baskets.queries';
import {
  basketRulesOf,
  isOptimistic,
  useAddToBasket,
  useRecipeKitBasket,
  useSetItemQuantity,
} from '../features/baskets/use-basket';
import { MarketingBanners } from '../features/marketing/banners';
import { marketingQueries } from '../features/marketing/marketing.queries';
import type { LineState } from '../features/menu/add-control';
import { DishCard } from '../features/menu/dish-card';
import { DishDetail } from '../features/menu/dish-detail-part';
import { MenuFilters } from '../features/menu/menu-filters';
import { menuQueries, type MenuDish, type MenuVariant } from '../features/menu/menu.queries';
import { useStagedWeekMenus } from '../features/menu/use-staged-week-menus';
import { WeekTabs, type WeekTab } from '../features/menu/week-tabs';
import { firstScreenLoader } from '../app/first-screen';
import { analytics } from '../shared/analytics';
import { shopNow, shopQueries, type ShopSettings } from '../shared/shop.queries';
import { usePageMeta } from '../shared/use-page-meta';
import { useStableCallback } from '../shared/use-stable-callback';
import { Dialog } from '../shared/ui/dialog';
import { Spinner } from '../shared/ui/spinner';
import { setUi, useUi } from '../shared/ui/ui-store';
import { dishesBefore, DishesInSteps } from '../shared/first-dishes';
import { preloadWhenIdle } from '../shared/lazy-part';

// Not in the page's first JS, fetched once it is idle: a dish's detail (a tap opens it) and the basket's
// weeks (the visitor's basket, read once the page is live).
const preloadParts = preloadWhenIdle(DishDetail, BasketWeeks);

// /menu (the recipe-kit menu, "product-box"): week tabs, filters, sections of dishes, the dish detail
// and the basket. It combines the menu and baskets features.

/**
 * The first screen's reads (the settings, the weeks, the selected week's dishes, bundles and banners): the
 * server waits for them and puts the menu in the HTML; the browser starts them without holding up the
 * first paint, with the visitor's own basket (never read on the server).
 */
export function menuLoader(queryClient: QueryClient, oneOff: boolean) {
  return firstScreenLoader({
    firstScreen: async ({ request }) => {
      await Promise.all([
        queryClient.prefetchQuery(shopQueries.settings()),
        queryClient.prefetchQuery(menuQueries.weeks()),
        queryClient.prefetchQuery(shopQueries.bundles()),
        queryClient.prefetchQuery(marketingQueries.banners()),
        // The one-off menu prices its delivery and its fee in its first words (issue 19).
        ...(oneOff ? [queryClient.prefetchQuery(basketQueries.deliveryFees())] : []),
      ]);
      const settings = queryClient.getQueryData(shopQueries.settings().queryKey);
      if (!settings) return;
      const handles = queryClient.getQueryData(menuQueries.weeks().queryKey);
      const tabs = menuTabs(settings, handles, oneOff);
      const week = selectedWeek(tabs, new URL(request.url).searchParams.get('week'), settings);
      if (week) await queryClient.prefetchQuery(menuQueries.week(week));
    },
    personal: () => {
      void queryClient.prefetchQuery(basketQueries.recipeKit(oneOff ? 'one-off' : 'plan'));
      if (!oneOff) void queryClient.prefetchQuery(basketQueries.deliveryFees());
    },
  });
}

/**
 * The menu's week tabs: from the settings at once (inlined in the page), narrowed to the weeks the
 * storefront has once its list arrives. The one-off menu is a single week: this week while one of its days
 * can still come next day, then next week's (docs/decisions/0011). A plan's weeks close at their Friday
 * 12:00 cutoff.
 */
function menuTabs(settings: ShopSettings, handles: IsoDate[] | undefined, oneOff: boolean): WeekTab[] {
  const now = shopNow(settings);
  const available = handles ? new Set(handles) : null;
  const oneOffWeek = oneOff ? settings.oneOffMenuWeek : null;
  return settings.menuWeeks
    .filter((week) => !available || available.has(week.weekStart as IsoDate))
    .filter((week) => oneOffWeek === null || week.weekStart === oneOffWeek)
    .map((week) => ({
      weekStart: week.weekStart as IsoDate,
      ...weekTabText(week.weekStart as IsoDate, now),
      label: week.label,
      orderable: oneOff ? week.oneOffOrderable : week.orderable,
    }));
}

/** The week asked for in the address, else the first orderable one, else the first. */
function selectedWeek(tabs: WeekTab[], requested: string | null, settings: ShopSettings | undefined) {
  return (
    tabs.find((t) => t.weekStart === requested)?.weekStart ??
    tabs.find((t) => t.weekStart === settings?.firstOrderableWeek)?.weekStart ??
    tabs.find((t) => t.orderable)?.weekStart ??
    tabs[0]?.weekStart ??
    null
  );
}

const INITIAL_DISHES = 6;
/** Dishes added a step after the first: a small commit each (shared/first-dishes.ts). */
const DISHES_A_STEP = 6;

/**
 * Dishes on a phone's or a desktop's first screen, whatever section they are in: their pictures are fetched
 * at once and first, and preloaded from the page's head (issue 19, item 17).
 */
const FIRST_SCREEN_DISHES = 4;

/** How many rows of cards a section has at one and two columns (its size before it is first painted). */
const sectionRows = (dishes: number) =>
  ({ '--rows-1': dishes, '--rows-2': Math.ceil(dishes / 2) }) as CSSProperties;

const isFilter = (value: string | null): value is MenuFilter =>
  value !== null && (MENU_FILTERS as readonly string[]).includes(value);

/** A plan's week: "Order by Friday 27 November at 12 noon for delivery 30 Nov – 5 Dec." */
const planCutoffText = (week: { weekStart: IsoDate }) => `${planOrderByText(week.weekStart)}.`;

/**
 * A one-off box's week (docs/decisions/0011): the soonest day it can still come and when to order for it,
 * "Order by 5pm today for delivery as soon as Tuesday 24 November."
 */
function oneOffCutoffText(weekStart: IsoDate, now: Date): string | null {
  const soonest = deliveryDaysOfWeek(weekStart).find((day) => isDateOrderable(day, now, 'one-off'));
  if (!soonest) return null;
  const by = relativeDeadlineLabel(orderDeadline(soonest, 'one-off'), now);
  return `Order by ${by} for delivery as soon as ${longDayLabel(soonest)}.`;
}

/** What a one-off box pays besides its dishes, priced (issue 19: the total shown is the total charged). */
function oneOffFeesText(rules: BasketRules): string {
  return `Delivery is ${deliveryFeesText(rules)}. Each one-off box also pays a one-off box fee of ${formatPence(rules.oneOffFee)} per delivery.`;
}

/** The one-off menu's fees, a component of its own: the plan's menu does not re-render as the fees arrive. */
function OneOffFees({ settings }: { settings: ShopSettings }) {
  const fees = useQuery(basketQueries.deliveryFees());
  return fees.data ? (
    <p data-testid="one-off-fees">{oneOffFeesText(basketRulesOf(settings, fees.data))}</p>
  ) : null;
}

export function MenuPage() {
  return <MenuView oneOff={false} />;
}

/** /one-off/menu: one week's dishes for a single box, no plan (spec §9: from Friday, next week's menu). */
export function OneOffMenuPage() {
  return <MenuView oneOff />;
}

function MenuView({ oneOff }: { oneOff: boolean }) {
  usePageMeta(oneOff ? 'One-off box' : 'Menu');
  const [params, setParams] = useSearchParams();
  const settings = useQuery(shopQueries.settings());
  const handles = useQuery(menuQueries.weeks());
  const bundles = useQuery(shopQueries.bundles());
  // The one-off menu has a basket of its own: a plan's and a one-off box's never mix (issue 19).
  const kind = oneOff ? 'one-off' : 'plan';
  const basketQuery = useRecipeKitBasket(kind);
  const { add, isPending: adding } = useAddToBasket(kind);
  const setQuantity = useSetItemQuantity(kind);
  const basketOpen = useUi((s) => s.basketOpen);
  // Leaving with the basket open (its Checkout link): it is closed for the next visit. Closing it before
  // leaving would take its history entry back off, undoing the navigation.
  useEffect(() => () => setUi({ basketOpen: false }), []);
  useEffect(preloadParts, []);

  const now = settings.data ? shopNow(settings.data) : null;
  const tabs: WeekTab[] = useMemo(
    () => (settings.data ? menuTabs(settings.data, handles.data, oneOff) : []),
    [settings.data, handles.data, oneOff],
  );
  const requested = params.get('week');
  const selected: IsoDate | null = useMemo(
    () => selectedWeek(tabs, requested, settings.data),
    [tabs, requested, settings.data],
  );
  const selectedTab = tabs.find((t) => t.weekStart === selected);

  // Spec §9: current and previous week first, then the next two future weeks, then the rest.
  const batches = useMemo(
    () =>
      now
        ? menuLoadingOrder(
            tabs.map((t) => t.weekStart),
            now,
          )
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tabs],
  );
  useStagedWeekMenus(batches);
  const selectedQuery = useQuery({
    ...menuQueries.week(selected ?? ('' as IsoDate)),
    enabled: selected !== null,
  });

  const bundleIds = useMemo(() => new Set((bundles.data ?? []).map((b) => b.productExtId)), [bundles.data]);
  const visible = useMemo(
    () => (selectedQuery.data ?? []).filter((dish) => isVisibleOnMenu(dish, bundleIds)),
    [selectedQuery.data, bundleIds],
  );
  const filterParam = params.get('filter');
  const filter = isFilter(filterParam) ? filterParam : null;
  const sections = useMemo(
    () => groupBySection(filter ? visible.filter((d) => matchesFilter(d, filter)) : visible),
    [visible, filter],
  );

  const basket = basketQuery.data?.basket;
  const lineFor = useCallback(
    (variantId: string): LineState | undefined => {
      const item = basket?.items.find((i) => i.productVariantExtId === variantId && i.mealWeek === selected);
      return item ? { itemId: item.id, quantity: item.quantity, pending: isOptimistic(item) } : undefined;
    },
    [basket, selected],
  );
  const onAdd = useStableCallback((dish: MenuDish, variant: MenuVariant) => {
    if (!selected) return;
    add({
      quantity: 1,
      line: {
        productVariantExtId: variant.id,
        productExtId: dish.id,
        title: dish.title,
        variantTitle: variant.title,
        sku: variant.sku,
        price: variant.price,
        imageUrl: dish.images[0]?.url ?? null,
        isDouble: variant.isDouble,
        tags: dish.tags,
        mealWeek: selected,
        quantityAvailable: variant.quantityAvailable,
      },
    });
  });
  const onSetQuantity = useStableCallback((itemId: string, quantity: number) =>
    setQuantity.mutate({ itemId, quantity }),
  );

  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  const onOpen = useStableCallback((dish: MenuDish) => update({ dish: dish.handle }));
  const openDish = params.get('dish');
  const detailDish = openDish ? visible.find((d) => d.handle === openDish) : undefined;

  const loadingMenu =
    settings.isPending || handles.isPending || (selected !== null && selectedQuery.isPending);
  const failed = settings.isError || handles.isError || selectedQuery.isError;

  const panel = (
    <BasketPanel
      basket={basket}
      meta={basketQuery.data?.meta}
      loading={basketQuery.isPending}
      onSetQuantity={onSetQuantity}
      checkoutTo={oneOff ? '/one-off/checkout' : '/checkout'}
    />
  );

  return (
    <div className="menu-page">
      <div className="banners-slot">
        <MarketingBanners />
      </div>
      <div className="menu-layout">
        <div className="menu-main">
          <header className="menu-header">
            <h1>{oneOff ? 'A one-off pasta box' : 'Fresh pasta kits'}</h1>
            <p>
              {oneOff
                ? 'One box, no plan: choose your dishes for a single delivery. Order by 5pm Monday to Thursday for next-day delivery, or by 8am on Sunday for Monday.'
                : 'A weekly menu of 20+ dishes, made fresh in our kitchen and ready in about 15 minutes.'}
            </p>
            {oneOff && settings.data ? <OneOffFees settings={settings.data} /> : null}
          </header>
          {tabs.length === 0 ? (
            <div className="week-tabs week-tabs--placeholder" aria-hidden="true" />
          ) : (
            <WeekTabs
              weeks={tabs}
              selected={selected}
              panelId="menu-week-panel"
              onSelect={(week) => {
                analytics.ctaClick('menu_week', { week });
                update({ week, dish: null });
              }}
            />
          )}
          <div
            id="menu-week-panel"
            role={tabs.length > 0 ? 'tabpanel' : undefined}
            aria-labelledby={selected ? `week-tab-${selected}` : undefined}
            aria-busy={loadingMenu}
          >
            <p className={`notice ${selectedTab && !selectedTab.orderable ? 'notice--warning' : ''}`}>
              {!selectedTab
                ? 'Loading this week’s menu…'
                : selectedTab.orderable
                  ? ((oneOff && now ? oneOffCutoffText(selectedTab.weekStart, now) : null) ??
                    planCutoffText(selectedTab))
                  : `Orders for ${selectedTab.label} have closed. Have a look, then choose a later week to order.`}
            </p>
            <MenuFilters selected={filter} onChange={(f) => update({ filter: f })} />
            {failed ? (
              <div className="notice notice--error" role="alert">
                <p>Couldn&apos;t fetch menu. Please check your connection.</p>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => {
                    void settings.refetch();
                    void handles.refetch();
                    void selectedQuery.refetch();
                  }}
                >
                  Try again
                </button>
              </div>
            ) : loadingMenu ? (
              <div className="menu-loading">
                <Spinner label="Loading the menu" />
                <div className="dish-grid" aria-hidden="true">
                  {Array.from({ length: 6 }, (_, i) => (
                    <div key={i} className="dish-card dish-card--skeleton" />
                  ))}
                </div>
              </div>
            ) : sections.length === 0 ? (
              <p className="notice">No dishes match this filter this week. Try another filter or week.</p>
            ) : (
              // The first dishes paint at once; the rest follow a few at a time, without blocking input.
              <DishesInSteps sections={sections} first={INITIAL_DISHES} step={DISHES_A_STEP}>
                {(shownSections) =>
                  shownSections.map(({ section, products }, sectionIndex) => (
                    <section
                      key={section}
                      className="menu-section"
                      aria-labelledby={`section-${sectionIndex}`}
                      style={sectionRows(products.length)}
                    >
                      <h2 id={`section-${sectionIndex}`}>
                        {now && selected ? sectionTitle(section, selected, now) : section}
                      </h2>
                      <div className="dish-grid">
                        {products.map((dish, index) => (
                          <DishCard
                            key={`${selected}-${dish.id}`}
                            dish={dish}
                            orderable={selectedTab?.orderable ?? false}
                            lineFor={lineFor}
                            onAdd={onAdd}
                            onSetQuantity={onSetQuantity}
                            onOpen={onOpen}
                            eager={dishesBefore(shownSections, sectionIndex) + index < FIRST_SCREEN_DISHES}
                          />
                        ))}
                      </div>
                    </section>
                  ))
                }
              </DishesInSteps>
            )}
          </div>
        </div>
        <aside
          className="menu-aside"
          aria-label="Your basket"
          // While a change is being sent (the screen already shows it).
          aria-busy={adding || setQuantity.isPending}
        >
          <h2 className="menu-aside__title">Your basket</h2>
          {panel}
        </aside>
      </div>
      <button type="button" className="basket-bar" onClick={() => setUi({ basketOpen: true })}>
        <span>
          View basket ({basket?.itemCount ?? 0} {basket?.itemCount === 1 ? 'item' : 'items'})
        </span>
        <BasketBarTotal basket={basket} />
      </button>
      <Dialog
        open={basketOpen}
        onClose={() => setUi({ basketOpen: false })}
        title="Your basket"
        name="basket"
        className="dialog--sheet"
      >
        {panel}
      </Dialog>
      {detailDish && selectedTab ? (
        <DishDetail
          key={detailDish.id}
          dish={detailDish}
          orderable={selectedTab.orderable}
          weekLabel={selectedTab.label}
          lineFor={lineFor}
          onAdd={onAdd}
          onSetQuantity={onSetQuantity}
          onClose={() => update({ dish: null })}
        />
      ) : null}
    </div>
  );
}
