import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { Link } from '../../../shared/router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import type { BackOfficeScreenProps } from '../screens';
import { catalogueApi, catalogueQueries, type DishView, type MenuWeekView } from './catalogue.queries';
import './catalogue.css';

// /back-office/menus (issue 25 part 2): last week, this week and the next eight; which are published; dishes put
// into a week or taken out before its cutoff (Friday 12:00 before it); a drafted week published.

const CUTOFF = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

function Week({ week, dishes }: { week: MenuWeekView; dishes: DishView[] }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onWeek = new Set(week.dishes.map((dish) => dish.id));
  const choices = dishes.filter((dish) => !onWeek.has(dish.id));

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      showToast(done);
      await queryClient.invalidateQueries({ queryKey: catalogueQueries.all });
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const put = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Choose a dish to put into this week.');
      return;
    }
    const title = dishes.find((dish) => dish.id === chosen)?.title ?? 'The dish';
    void act(async () => {
      await catalogueApi.putOnWeek(week.weekStart, chosen, randomId());
      setChosen('');
    }, `${title} is on the menu for ${week.label}`);
  };

  return (
    <article className="back-office__panel" aria-labelledby={`${ids}-heading`}>
      <div className="catalogue__week-head">
        <h2 id={`${ids}-heading`}>{week.label}</h2>
        <span className="catalogue__badge">{week.published ? 'Published' : 'Not published'}</span>
      </div>
      <p className="back-office__help">
        {week.open
          ? `Can change until ${CUTOFF.format(new Date(week.cutoff))}.`
          : `Closed at ${CUTOFF.format(new Date(week.cutoff))}: it can no longer change.`}
      </p>
      {week.dishes.length === 0 ? (
        <p className="back-office__muted">No dishes yet.</p>
      ) : (
        <ul className="catalogue__dishes" aria-label={`Dishes for ${week.label}`}>
          {week.dishes.map((dish) => (
            <li key={dish.id}>
              <span>
                <Link to={`/back-office/dishes/${dish.id}`}>{dish.title}</Link>
                {dish.hidden ? <span className="back-office__muted"> (hidden from the menu)</span> : null}
              </span>
              {week.open ? (
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  aria-label={`Take out ${dish.title} from ${week.label}`}
                  onClick={() =>
                    void act(
                      () => catalogueApi.takeOffWeek(week.weekStart, dish.id, randomId()),
                      `${dish.title} is out of ${week.label}`,
                    )
                  }
                >
                  Take out
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {week.open ? (
        <form className="catalogue__add" onSubmit={put} noValidate>
          <div>
            <label htmlFor={`${ids}-dish`}>Put a dish into {week.label}</label>
            <select id={`${ids}-dish`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a dish…</option>
              {choices.map((dish) => (
                <option key={dish.id} value={dish.id}>
                  {dish.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            Put in
          </button>
          {!week.published ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => catalogueApi.publishWeek(week.weekStart, randomId()),
                  `The menu for ${week.label} is published`,
                )
              }
            >
              Publish {week.label}
            </button>
          ) : null}
        </form>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </article>
  );
}

export function MenusPage(_props: BackOfficeScreenProps) {
  usePageMeta('Weekly menus · Back office');
  const weeks = useQuery(catalogueQueries.weeks());
  const dishes = useQuery(catalogueQueries.dishes({}));
  return (
    <section aria-labelledby="menus-heading">
      <div className="catalogue__head">
        <h1 id="menus-heading">Weekly menus</h1>
      </div>
      <p className="back-office__help">
        Put dishes into a week before its cutoff, Friday 12:00 before it. Customers see a week on the menu
        once it is published.
      </p>
      {weeks.isPending || dishes.isPending ? (
        <Spinner label="Loading the weeks" />
      ) : weeks.isError || dishes.isError ? (
        <LoadFailed
          message="We couldn’t load the weeks."
          onRetry={() => {
            void weeks.refetch();
            void dishes.refetch();
          }}
        />
      ) : (
        <div className="catalogue__weeks">
          {weeks.data.map((week) => (
            <Week key={week.id} week={week} dishes={dishes.data} />
          ))}
        </div>
      )}
    </section>
  );
}
