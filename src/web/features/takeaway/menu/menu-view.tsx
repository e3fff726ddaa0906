import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from '../../../shared/router';
import type { MenuProduct, Restaurant } from '../../../../contracts/restaurants';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import { ALLERGENS } from '../../../../domain/allergens';
import { shopNow, shopQueries } from '../../../shared/shop.queries';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { menuDishes, restaurantMenusKey, takeawayQueries, type TakeawayMenu } from '../takeaway.queries';
import { dishAvailability, snoozeSignature } from './availability';
import { useTakeawayBasketChanges } from './basket-changes';
import { quantityOfDish, type BasketPricing } from './basket-optimistic';
import { MenuCategoryNav, sectionId } from './category-nav';
import { MenuDishCard } from './dish-card';
import type { SheetAdd } from './dish-sheet';
import { useMenuViewer } from './viewer';
import './menu.css';
import { dishesBefore, DishesInSteps } from '../../../shared/first-dishes';
import { lazyPart, preloadWhenIdle } from '../../../shared/lazy-part';

// Not in the page's first JS, fetched once it is idle: a dish's sheet and the time chooser (a tap opens
// them), and the basket's panel and bar (the visitor's basket, read once the page is live).
const MenuDishSheet = lazyPart(async () => (await import('./dish-sheet')).MenuDishSheet);
const MenuTimeDialog = lazyPart(async () => (await import('./time-dialog')).MenuTimeDialog);
const MenuBasketPanel = lazyPart(async () => (await import('./basket-panel')).MenuBasketPanel);
const MenuBasketBar = lazyPart(async () => (await import('./basket-panel')).MenuBasketBar);
const preloadParts = preloadWhenIdle(MenuBasketPanel, MenuBasketBar, MenuDishSheet, MenuTimeDialog);

/**
 * Dishes on a phone's or a desktop's first screen, whatever category they are in: their pictures come first,
 * at once, preloaded from the page's head when the server renders it (issue 19, item 17; issue 24).
 */
const FIRST_SCREEN_DISHES = 4;

/**
 * Dishes rendered first (on the server, and while the page hydrates): a phone's first screens. The rest
 * follow a few at a time, without blocking a tap (as the recipe-kit menu does).
 */
const INITIAL_DISHES = 6;
const DISHES_A_STEP = 6;

// A restaurant's menu for the basket (issue 13 part 4; spec §2, §3 Takeaway menu, §4 Baskets, §9), shared by
// /pasta-now, /catering-menu and a table's /dine-in (issue 21): the dishes by category under a sticky
// category bar, each with its price, what it is, its allergens and any conflict with the customer's allergen
// profile; a sheet to choose its modifiers and add it; the basket beside the menu on a wide screen, behind a
// bottom bar on a phone. The menu refetches every 60 s and the kitchen's snoozes every 30 s: a snoozed dish
// turns unavailable without a reload, and the basket is read again so a line holding it is flagged. The
// screen above the menu (where, when, which table) is the page's: `header` draws it.
//
// It is the first screen of a public page (issue 24): without a basket (on the server, before the page is
// live, or for a visitor whose basket is another restaurant's) it shows the menu as anyone may see it, and
// `withoutBasket` says what Add and the basket's panel do then. The visitor's basket, their fulfilment's menu
// and their allergen conflicts join once the page is live, in place: what joins later (the basket's
// problems) is laid over the page, not above the dishes, so nothing on the first screen moves.

export interface MenuHeaderParts {
  restaurant: Restaurant | undefined;
  menu: TakeawayMenu | undefined;
  /** Opens the time chooser (takeaway and catering; a table orders as soon as possible). */
  onChangeTime: () => void;
  /** What the customer's allergen profile means on this menu (signed in), or how to set it. */
  allergenNote: ReactNode;
}

/**
 * What the dishes' allergens and marks mean: one place, two lines, for everyone, so nothing moves when a
 * signed-in customer's own joins once the page is live (the HTML is anyone's, issue 24). `profile`: null for
 * a visitor (and the page as the server renders it), undefined while the customer's is read.
 */
function AllergenNote({ profile }: { profile: number[] | null | undefined }) {
  const { pathname, search } = useLocation();
  const mine = <Link to="/account/my-details#allergens">your profile</Link>;
  const names = profile?.map((code) => ALLERGENS[code] ?? String(code)).join(', ');
  const lines: [ReactNode, ReactNode] =
    profile === null
      ? [
          'Every dish lists its allergens.',
          <>
            <Link to={`/social-login?returnTo=${encodeURIComponent(pathname + search)}`}>Sign in</Link> and
            we’ll mark yours.
          </>,
        ]
      : profile === undefined
        ? ['Every dish lists its allergens.', 'Looking up your allergen profile…']
        : profile.length === 0
          ? ['Every dish lists its allergens.', <>Add yours to {mine} to have them marked.</>]
          : [
              <>
                <span aria-hidden="true">⚠ </span>Your allergens: {names}
              </>,
              <>
                Dishes with them are marked.{' '}
                <Link to="/account/my-details#allergens">
                  Change<span className="visually-hidden"> your allergens</span>
                </Link>
              </>,
            ];
  return (
    <div className="twm-allergen-note">
      <p title={names || undefined}>{lines[0]}</p>
      <p>{lines[1]}</p>
    </div>
  );
}

interface OpenDish {
  id: string;
  /** Each opening is a new sheet, with its own add key. */
  opening: number;
}

/** What the menu does while it has no basket to add to. */
export interface WithoutBasket {
  /**
   * Add in a dish's sheet: the basket to add it to (a table's, once it is set up), or null when the visitor
   * must first choose where they are and how they want it (this then says so and takes them there).
   */
  basketForAdd: () => Promise<TakeawayBasket | null>;
  /** The basket's panel beside the menu on a wide screen. */
  panel: ReactNode;
}

export function TakeawayMenuView({
  basket,
  fulfillmentType: visitorsFulfillment = 'delivery',
  restaurantId,
  catering,
  checkoutTo,
  checkoutLabel,
  header,
  withoutBasket,
}: {
  /** This menu's basket, or null (the menu as anyone sees it). */
  basket: TakeawayBasket | null;
  /** The menu to show without a basket (a table's is eaten in). */
  fulfillmentType?: FulfillmentType;
  restaurantId: string;
  catering: boolean;
  withoutBasket: WithoutBasket;
  /** Where the basket's button goes. */
  checkoutTo: string;
  checkoutLabel?: string;
  header: (parts: MenuHeaderParts) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const fulfillmentType = basket?.fulfillmentType ?? visitorsFulfillment;
  const viewer = useMenuViewer();
  const restaurant = useQuery(takeawayQueries.restaurant(restaurantId)).data;
  const menu = useQuery({
    ...takeawayQueries.menu(restaurantId, fulfillmentType, catering, viewer),
    // While another menu of the same restaurant is read (the basket's fulfilment, the customer's), it stays.
    placeholderData: (previous, query) =>
      query?.queryKey[2] === restaurantId && query.queryKey[4] === catering ? previous : undefined,
  });
  const snoozed = useQuery(takeawayQueries.snoozed(restaurantId, fulfillmentType));
  const settings = useQuery(shopQueries.settings()).data;
  const [openDish, setOpenDish] = useState<OpenDish | null>(null);
  const [basketOpen, setBasketOpen] = useState(false);
  const [timeOpen, setTimeOpen] = useState(false);
  const changes = useTakeawayBasketChanges();
  useEffect(preloadParts, []);

  // The kitchen snoozed or brought back a dish: the basket says which lines can't be ordered, and the menu
  // is read again rather than at its next minute.
  const signature = snoozed.data ? snoozeSignature(snoozed.data) : null;
  const lastSignature = useRef(signature);
  useEffect(() => {
    if (signature === null) return;
    if (lastSignature.current !== null && lastSignature.current !== signature) {
      void queryClient.invalidateQueries({ queryKey: takeawayQueries.basket().queryKey });
      void queryClient.invalidateQueries({ queryKey: restaurantMenusKey(restaurantId) });
    }
    lastSignature.current = signature;
  }, [signature, queryClient, restaurantId]);

  const now = settings ? shopNow(settings) : new Date();
  const nowMinute = Math.floor(now.getTime() / 60_000);
  const dishes = useMemo(() => menuDishes(menu.data), [menu.data]);
  const availability = useMemo(() => {
    const at = new Date(nowMinute * 60_000);
    return new Map(
      [...dishes.values()].map((product) => [
        product.id,
        dishAvailability(product, snoozed.data, fulfillmentType, at),
      ]),
    );
  }, [dishes, snoozed.data, fulfillmentType, nowMinute]);

  const pricing = (own: TakeawayBasket): BasketPricing => ({
    deliveryFee: restaurant?.deliveryFee ?? own.shippingPrice,
    freeDeliveryFrom: restaurant?.freeDeliveryFrom ?? null,
  });
  const profile = menu.data?.meta.allergenProfile ?? null;
  const showConflicts = !!profile && profile.length > 0;
  // The customer's own profile comes with their menu, read once the page is live (the visitor's meanwhile).
  const noteProfile =
    viewer === null ? null : menu.isPlaceholderData || !menu.data ? undefined : (profile ?? []);

  const onOpen = useCallback(
    (product: MenuProduct) => setOpenDish((open) => ({ id: product.id, opening: (open?.opening ?? 0) + 1 })),
    [],
  );
  const addTo = (to: TakeawayBasket, { body, line, idempotencyKey }: SheetAdd) => {
    void changes.add({ basketId: to.id, body, line, pricing: pricing(to), idempotencyKey });
    showToast(`Added ${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.title}`);
  };
  const onAdd = (add: SheetAdd) => {
    setOpenDish((open) => (open ? { ...open, id: '' } : open));
    if (basket) return addTo(basket, add);
    // The page says what went wrong when the basket can't be had (a table's set-up that failed).
    withoutBasket.basketForAdd().then(
      (found) => found && addTo(found, add),
      () => {},
    );
  };

  const sheetProduct = openDish?.id ? dishes.get(openDish.id) : undefined;
  const categories = useMemo(
    () => menu.data?.categories.filter((category) => category.products.length > 0) ?? [],
    [menu.data],
  );

  const panel = basket ? (
    <MenuBasketPanel
      basket={basket}
      freeDeliveryFrom={restaurant?.freeDeliveryFrom ?? null}
      checkoutTo={checkoutTo}
      checkoutLabel={checkoutLabel}
      showConflicts={showConflicts}
      onSetQuantity={(itemId, quantity) =>
        void changes.setQuantity({ basketId: basket.id, itemId, quantity, pricing: pricing(basket) })
      }
    />
  ) : (
    withoutBasket.panel
  );

  return (
    <div className="twm-page">
      <div className="menu-layout twm-layout">
        <div className="menu-main">
          {header({
            restaurant,
            menu: menu.data,
            onChangeTime: () => setTimeOpen(true),
            allergenNote: <AllergenNote profile={noteProfile} />,
          })}
          {categories.length > 0 ? <MenuCategoryNav categories={categories} /> : null}
          <div className="twm-menu" aria-busy={menu.isPending}>
            {menu.isPending ? (
              <div className="menu-loading">
                <Spinner label="Loading the menu" />
                <div className="twm-grid" aria-hidden="true">
                  {Array.from({ length: 4 }, (_, i) => (
                    <div key={i} className="twm-dish twm-dish--skeleton" />
                  ))}
                </div>
              </div>
            ) : menu.isError && !menu.data ? (
              <div className="notice notice--error" role="alert">
                <p>Couldn’t fetch the menu. Please check your connection.</p>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void menu.refetch()}
                >
                  Try again
                </button>
              </div>
            ) : categories.length === 0 ? (
              <p className="notice">This restaurant has nothing on its menu for this order right now.</p>
            ) : (
              <DishesInSteps sections={categories} first={INITIAL_DISHES} step={DISHES_A_STEP}>
                {(shown) =>
                  shown.map((category, categoryIndex) => (
                    <section
                      key={category.id}
                      id={sectionId(category.id)}
                      className="twm-section"
                      aria-labelledby={`${sectionId(category.id)}-title`}
                    >
                      <h2 id={`${sectionId(category.id)}-title`} tabIndex={-1}>
                        {category.name}
                      </h2>
                      <div className="twm-grid">
                        {category.products.map((product, index) => (
                          <MenuDishCard
                            key={product.id}
                            product={product}
                            availability={availability.get(product.id) ?? { available: true }}
                            inBasket={basket ? quantityOfDish(basket, product.id) : 0}
                            showConflicts={showConflicts}
                            onOpen={onOpen}
                            eager={dishesBefore(shown, categoryIndex) + index < FIRST_SCREEN_DISHES}
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
        <aside className="menu-aside twm-aside" aria-label="Your basket">
          <h2 className="menu-aside__title">Your basket</h2>
          {panel}
        </aside>
      </div>
      {basket ? <MenuBasketBar basket={basket} onOpen={() => setBasketOpen(true)} /> : null}
      <Dialog
        open={basketOpen}
        onClose={() => setBasketOpen(false)}
        title="Your basket"
        name="takeaway_basket"
        className="dialog--sheet twm-basket-sheet"
      >
        {panel}
      </Dialog>
      {sheetProduct && openDish ? (
        <MenuDishSheet
          key={`${sheetProduct.id}:${openDish.opening}`}
          product={sheetProduct}
          availability={availability.get(sheetProduct.id) ?? { available: true }}
          showConflicts={showConflicts}
          onAdd={onAdd}
          onClose={() => setOpenDish((open) => (open ? { ...open, id: '' } : open))}
        />
      ) : null}
      {timeOpen && basket ? (
        <MenuTimeDialog
          basket={basket}
          restaurantId={restaurantId}
          fulfillmentType={fulfillmentType}
          catering={catering}
          onClose={() => setTimeOpen(false)}
        />
      ) : null}
    </div>
  );
}
