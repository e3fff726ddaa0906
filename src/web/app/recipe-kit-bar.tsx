import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '../shared/router';
import { basketQueries } from '../features/baskets/baskets.queries';
import { analytics } from '../shared/analytics';
import { BasketIcon } from '../shared/ui/icons';
import { setUi } from '../shared/ui/ui-store';

// The recipe-kit bar (spec §2) over the recipe-kit screens: the Takeaway / Recipe kits toggle, how it works,
// and the basket on phones. Takeaway is the Takeaway switch (spec §4), a route whose loader does the work
// (pages/takeaway/discovery/switch-loader.ts): nothing of it is in this page's first JS.
export function RecipeKitLayout() {
  // The one-off menu's basket is its own (issue 19): the badge counts the basket of the menu on screen.
  const oneOff = useLocation().pathname.startsWith('/one-off');
  const { data } = useQuery(basketQueries.recipeKit(oneOff ? 'one-off' : 'plan'));
  const count = data?.basket.itemCount ?? 0;
  return (
    <>
      <div className="rk-bar">
        <div className="rk-bar__inner">
          <nav className="shop-toggle" aria-label="Takeaway or recipe kits">
            <Link to="/pasta-now-switch">Takeaway</Link>
            <Link to="/menu" aria-current="true">
              Recipe kits
            </Link>
          </nav>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              analytics.ctaClick('how_it_works', { from: 'recipe_kit_bar' });
              setUi({ howItWorksOpen: true });
            }}
          >
            How it works
          </button>
          <button
            type="button"
            className="rk-bar__basket"
            onClick={() => setUi({ basketOpen: true })}
            aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
          >
            <BasketIcon />
            <span className="badge" aria-hidden="true">
              {count}
            </span>
          </button>
        </div>
      </div>
      <Outlet />
    </>
  );
}
