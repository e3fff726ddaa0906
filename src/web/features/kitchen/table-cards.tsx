import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from '../../shared/router';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { cardCaption, printableUrl, qrImageSource, sheetHint } from './floor';
import { kitchenQueries, type KitchenRestaurant } from './kitchen.queries';
import { problemText } from './use-kitchen-action';

// The table cards (issue 21 part 1; decision 28): every table's QR code (made on the server) with its
// number and the restaurant's name, laid out to print six to an A4 page and cut out (kitchen.css's
// @media print keeps only the sheet). A restaurant that serves by name has one card, its own link.

export function TableCardsSheet({
  restaurant,
  backHref,
}: {
  restaurant: KitchenRestaurant;
  backHref: string;
}) {
  const cards = useQuery(kitchenQueries.tableCards(restaurant.id));
  const titleId = useId();
  return (
    <section className="table-cards" aria-labelledby={titleId}>
      <div className="table-cards__bar">
        <h2 id={titleId}>
          {cards.data?.cards.length === 1 && !cards.data.cards[0]!.tableNumber
            ? 'The QR card'
            : 'Table cards'}{' '}
          for {cards.data?.restaurantName ?? restaurant.name}
        </h2>
        {cards.data ? <p className="table-cards__hint">{sheetHint(cards.data.cards.length)}</p> : null}
        <div className="button-row">
          <button
            type="button"
            className="button button--primary"
            disabled={!cards.data}
            onClick={() => window.print()}
          >
            Print
          </button>
          <Link className="button button--secondary" to={backHref}>
            Back to the floor
          </Link>
        </div>
      </div>
      {cards.data ? (
        <ul className="table-cards__sheet" aria-label="Cards to print">
          {cards.data.cards.map((card) => (
            <li key={card.tableNumber ?? 'restaurant'} className="table-card">
              <p className="table-card__restaurant">{cards.data.restaurantName}</p>
              <p className="table-card__table">
                {card.tableNumber ? `Table ${card.tableNumber}` : 'Order here'}
              </p>
              <img
                className="table-card__code"
                src={qrImageSource(card.svg)}
                alt={`QR code to order at ${card.tableNumber ? `table ${card.tableNumber}` : cards.data.restaurantName}`}
                width={176}
                height={176}
              />
              <p className="table-card__how">{cardCaption(card.tableNumber)}</p>
              <p className="table-card__url">{printableUrl(card.url)}</p>
            </li>
          ))}
        </ul>
      ) : cards.isError ? (
        <LoadFailed
          message={
            isApiError(cards.error, 'FORBIDDEN', 'RESTAURANT_NOT_FOUND')
              ? `${cards.error.message.replace(/\.$/, '')}. Ask your manager to check your access.`
              : `We couldn’t make the table cards. ${problemText(cards.error)}`
          }
          onRetry={() => cards.refetch()}
        />
      ) : (
        <Spinner label="Making the table cards" />
      )}
    </section>
  );
}
