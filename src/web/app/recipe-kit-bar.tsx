import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { basketQueries } from '../features/baskets/baskets.queries';
import { analytics } from '../shared/analytics';
import { BasketIcon } from '../shared/ui/icons';
import { setUi } from '../shared/ui/ui-store';

// The recipe-kit bar (spec §2) over the recipe-kit screens: how it works, and the basket on phones.
export function RecipeKitLayout() {
  const { data } = useQuery(basketQueries.recipeKit());
  const count = data?.basket.itemCount ?? 0;
  return (
    <>
      <div className="rk-bar">
        <div className="rk-bar__inner">
          <span className="rk-bar__title">Recipe kits</span>
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
