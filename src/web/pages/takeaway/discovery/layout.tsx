import { Link, Outlet, useLocation } from '../../../shared/router';

// The takeaway bar (spec §2 Navigation bars) over the takeaway screens: the Takeaway / Recipe kits toggle
// (the recipe-kit bar has the same one the other way round), and a way between Pasta Now and catering.
// It shares the recipe-kit bar's look (styles.css: .rk-bar, .shop-toggle), so it needs no styles of its own.

/** Catering's screens: its own search and menu, or a step of the search with `?catering=true`. */
export function isCateringPath(pathname: string, search: string): boolean {
  return pathname.startsWith('/catering') || new URLSearchParams(search).get('catering') === 'true';
}

export function TakeawayLayout() {
  const { pathname, search } = useLocation();
  const catering = isCateringPath(pathname, search);
  return (
    <>
      <div className="rk-bar takeaway-bar">
        <div className="rk-bar__inner">
          <nav className="shop-toggle" aria-label="Takeaway or recipe kits">
            <Link to="/pasta-now-search-address" aria-current="true">
              Takeaway
            </Link>
            <Link to="/menu">Recipe kits</Link>
          </nav>
          <Link
            className="rk-bar__link"
            to={catering ? '/pasta-now-search-address' : '/catering-search-address'}
          >
            {catering ? 'Pasta Now' : 'Catering'}
          </Link>
        </div>
      </div>
      <Outlet />
    </>
  );
}
