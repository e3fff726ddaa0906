import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { API_BASE } from '../../../shared/api/client';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageMeta } from '../../../shared/use-page-meta';
import { backOfficeQueries, type ProductionPlanView } from '../back-office.queries';

// /back-office/production (issue 25 part 5): what the kitchen makes for a delivery day. The days ahead with
// boxes to choose from (or any date), then the dishes by portion, the boxes by courier route, and the allergen
// and dietary totals; a CSV for a spreadsheet, and a page that prints without the navigation.

function Plan({ plan }: { plan: ProductionPlanView }) {
  if (plan.boxes === 0) return <p>No paid boxes to make for {plan.dateLabel}.</p>;
  return (
    <>
      <p>
        <strong>{plan.boxes}</strong> {plan.boxes === 1 ? 'box' : 'boxes'}, <strong>{plan.portions}</strong>{' '}
        {plan.portions === 1 ? 'item' : 'items'} to make for {plan.dateLabel}.
      </p>
      <h2 id="production-dishes">Dishes</h2>
      <div className="back-office__table-wrap">
        <table className="back-office__table" aria-labelledby="production-dishes">
          <thead>
            <tr>
              <th scope="col">Dish</th>
              <th scope="col">Portion</th>
              <th scope="col">SKU</th>
              <th scope="col" data-numeric>
                To make
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.dishes.map((dish) => (
              <tr key={`${dish.sku}-${dish.title}-${dish.variantTitle}`}>
                <td>{dish.title}</td>
                <td>{dish.variantTitle}</td>
                <td>{dish.sku}</td>
                <td data-numeric>{dish.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id="production-routes">Boxes by courier route</h2>
      <div className="back-office__table-wrap">
        <table className="back-office__table" aria-labelledby="production-routes">
          <thead>
            <tr>
              <th scope="col">Route (postcode area)</th>
              <th scope="col" data-numeric>
                Boxes
              </th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {plan.routes.map((route) => (
              <tr key={route.route}>
                <td>{route.route}</td>
                <td data-numeric>{route.boxes}</td>
                <td>{route.orderNumbers.map((n) => `#${n}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="back-office__columns">
        <section aria-labelledby="production-allergens">
          <h2 id="production-allergens">Allergens</h2>
          {plan.allergens.length === 0 ? (
            <p>None of the 14 allergens.</p>
          ) : (
            <table className="back-office__table">
              <thead>
                <tr>
                  <th scope="col">Allergen</th>
                  <th scope="col" data-numeric>
                    Items containing it
                  </th>
                </tr>
              </thead>
              <tbody>
                {plan.allergens.map((a) => (
                  <tr key={a.name}>
                    <td>{a.name}</td>
                    <td data-numeric>{a.portions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="production-dietary">
          <h2 id="production-dietary">Dietary</h2>
          {plan.dietary.length === 0 ? (
            <p>No dietary marks.</p>
          ) : (
            <table className="back-office__table">
              <thead>
                <tr>
                  <th scope="col">Mark</th>
                  <th scope="col" data-numeric>
                    Items
                  </th>
                </tr>
              </thead>
              <tbody>
                {plan.dietary.map((d) => (
                  <tr key={d.name}>
                    <td>{d.name}</td>
                    <td data-numeric>{d.portions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}

export function ProductionPage() {
  usePageMeta('Production plan');
  const days = useQuery(backOfficeQueries.productionDays());
  const [chosen, setChosen] = useState<string | null>(null);
  const date = chosen ?? days.data?.[0]?.date ?? null;
  const plan = useQuery({ ...backOfficeQueries.production(date ?? ''), enabled: date !== null });
  return (
    <section aria-labelledby="production-heading">
      <h1 id="production-heading">Production plan</h1>
      <div className="back-office__form back-office__no-print">
        <label htmlFor="production-date">Delivery day</label>
        <input
          id="production-date"
          type="date"
          value={date ?? ''}
          onChange={(e) => setChosen(e.target.value || null)}
          aria-describedby="production-days"
        />
        <p id="production-days" className="back-office__help">
          {days.isPending
            ? 'Looking for the days ahead with boxes…'
            : days.isError
              ? 'We couldn’t list the days ahead; choose a date.'
              : days.data.length === 0
                ? 'No paid boxes in the next three weeks yet.'
                : `Days ahead with boxes: ${days.data.map((d) => `${d.dateLabel} (${d.boxes})`).join(', ')}.`}
        </p>
        {date ? (
          <div className="button-row">
            <a
              className="button button--secondary"
              href={`${API_BASE}/back_office/production.csv?date=${date}`}
              download
            >
              Download CSV
            </a>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              Print
            </button>
          </div>
        ) : null}
      </div>
      {date === null ? (
        days.isPending ? (
          <Spinner label="Finding the next delivery day" />
        ) : (
          <p>Choose a delivery day.</p>
        )
      ) : plan.isPending ? (
        <Spinner label="Counting the boxes" />
      ) : plan.isError ? (
        <LoadFailed message="We couldn’t make the plan for that day." onRetry={() => void plan.refetch()} />
      ) : (
        <Plan plan={plan.data} />
      )}
    </section>
  );
}
