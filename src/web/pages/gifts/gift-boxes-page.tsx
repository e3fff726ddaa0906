import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { menuQueries, type MenuDish } from '../../features/menu/menu.queries';
import { analytics } from '../../shared/analytics';
import { usePageMeta } from '../../shared/use-page-meta';
import { Spinner } from '../../shared/ui/spinner';
import { sanitizeHtml } from '../../shared/sanitize-html';
import './gifts.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { pictureSources } from '../../../domain/pictures';

// /gift-boxes (spec §2): the gift boxes, read from the storefront's gift-boxes collection. Choosing one
// opens its page, where the size, the recipient and the card's message are chosen.

const fromPrice = (dish: MenuDish) => Math.min(...dish.variants.map((v) => v.price));
const soldOut = (dish: MenuDish) =>
  !dish.availableForSale || dish.variants.every((v) => !v.availableForSale || v.quantityAvailable <= 0);

export function GiftBoxesPage() {
  usePageMeta('Gift boxes');
  const boxes = useQuery(menuQueries.giftBoxes());
  return (
    <div className="gifts-page">
      <header className="gifts-hero">
        <h1>Send a gift box</h1>
        <p>
          Fresh pasta, made in our kitchen and delivered to their door with your message on a card. Choose a
          box, tell us who it’s for, and we’ll do the rest.
        </p>
      </header>
      {boxes.isPending ? (
        <Spinner label="Loading the gift boxes" />
      ) : boxes.isError ? (
        <LoadFailed message="Couldn't fetch menu" onRetry={boxes.refetch} />
      ) : boxes.data.length === 0 ? (
        <p className="notice">There are no gift boxes just now. Please come back soon.</p>
      ) : (
        <ul className="gift-grid" aria-label="Gift boxes">
          {boxes.data.map((box, index) => {
            const image = box.images[0];
            const gone = soldOut(box);
            return (
              <li key={box.id} className="gift-card">
                {image ? (
                  <img
                    {...pictureSources(image.url, 480, '(max-width: 699px) 100vw, 480px')}
                    alt=""
                    width={image.width ?? 800}
                    height={image.height ?? 600}
                    // The first box is the page's largest paint; the others are below the fold on a phone.
                    {...(index === 0
                      ? { loading: 'eager', fetchPriority: 'high' }
                      : { loading: 'lazy', decoding: 'async' })}
                  />
                ) : null}
                <div className="gift-card__body">
                  <h2>{box.title}</h2>
                  <div
                    className="gift-card__text"
                    dangerouslySetInnerHTML={{ __html: sanitizeHtml(box.descriptionHtml) }}
                  />
                  <p className="gift-card__price">From {formatPence(fromPrice(box))}</p>
                  {gone ? (
                    <p className="gift-card__sold-out">Sold out</p>
                  ) : (
                    <Link
                      to={`/gift-boxes/${box.handle}`}
                      className="button button--primary button--block"
                      onClick={() => analytics.ctaClick('gift_box_chosen', { handle: box.handle })}
                    >
                      Send this box<span className="visually-hidden">: {box.title}</span>
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
