import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { penceOf } from '../catalogue/dish-editor';
import type { BackOfficeScreenProps } from '../screens';
import { problemsOf } from './problems';
import { shopApi, shopQueries, type RestaurantAdminBody, type RestaurantAdminView } from './shop.queries';
import '../catalogue/catalogue.css';
import './shop.css';

// /back-office/restaurants (issue 25 part 3): how a restaurant runs: its opening hours (windows on the quarter
// hour, Monday first), delivery radius, fees and minimum spends in pounds, the orders a 15-minute slot takes,
// what it offers, catering's minimum and notice, and its tables. The server checks each and names the field
// it refuses; the restaurant's pages use a saved change at once.

const DAYS = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
];

type Window = { opens: string; closes: string };
type Money = 'deliveryFee' | 'freeDeliveryFrom' | 'minimumSpend' | 'cateringMinimumSpend';
type Whole = 'prepMinutes' | 'slotCapacity' | 'cateringLeadHours' | 'tableCount';
type Flag =
  | 'offersDelivery'
  | 'offersPickup'
  | 'offersEatIn'
  | 'offersCatering'
  | 'hasTableNumbers'
  | 'openTabCheckouts';

const MONEY: { field: Money; label: string; optional?: boolean }[] = [
  { field: 'deliveryFee', label: 'Delivery fee (£)' },
  { field: 'freeDeliveryFrom', label: 'Free delivery from (£; empty for never)', optional: true },
  { field: 'minimumSpend', label: 'Minimum spend (£)' },
  { field: 'cateringMinimumSpend', label: 'Catering minimum spend (£)' },
];
const WHOLE: { field: Whole; label: string }[] = [
  { field: 'prepMinutes', label: 'Preparation time (minutes)' },
  { field: 'slotCapacity', label: 'Orders a 15-minute slot takes' },
  { field: 'cateringLeadHours', label: 'Catering notice (hours)' },
  { field: 'tableCount', label: 'Tables' },
];
const FLAGS: { field: Flag; label: string }[] = [
  { field: 'offersDelivery', label: 'Delivers' },
  { field: 'offersPickup', label: 'Collection' },
  { field: 'offersEatIn', label: 'Eat in' },
  { field: 'offersCatering', label: 'Catering' },
  { field: 'hasTableNumbers', label: 'Tables have numbers' },
  { field: 'openTabCheckouts', label: 'Open tabs at the table' },
];

const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2));

function RestaurantForm({ restaurant }: { restaurant: RestaurantAdminView }) {
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<Window[][]>(() => restaurant.openingHours.map((day) => [...day]));
  const [money, setMoney] = useState<Record<Money, string>>(() => ({
    deliveryFee: pounds(restaurant.deliveryFee),
    freeDeliveryFrom: pounds(restaurant.freeDeliveryFrom),
    minimumSpend: pounds(restaurant.minimumSpend),
    cateringMinimumSpend: pounds(restaurant.cateringMinimumSpend),
  }));
  const [whole, setWhole] = useState<Record<Whole, string>>(() => ({
    prepMinutes: String(restaurant.prepMinutes),
    slotCapacity: String(restaurant.slotCapacity),
    cateringLeadHours: String(restaurant.cateringLeadHours),
    tableCount: String(restaurant.tableCount),
  }));
  const [radius, setRadius] = useState(String(restaurant.deliveryRadiusMiles));
  const [flags, setFlags] = useState<Record<Flag, boolean>>(() => ({
    offersDelivery: restaurant.offersDelivery,
    offersPickup: restaurant.offersPickup,
    offersEatIn: restaurant.offersEatIn,
    offersCatering: restaurant.offersCatering,
    hasTableNumbers: restaurant.hasTableNumbers,
    openTabCheckouts: restaurant.openTabCheckouts,
  }));
  const [prompt, setPrompt] = useState(restaurant.tableNumberPrompt ?? '');
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const id = (name: string) => `restaurant-${restaurant.id}-${name}`;

  const changeWindow = (weekday: number, index: number, patch: Partial<Window>) =>
    setHours((all) =>
      all.map((day, d) => (d === weekday ? day.map((w, i) => (i === index ? { ...w, ...patch } : w)) : day)),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amounts: Partial<Record<Money, number | null>> = {};
    for (const { field, label, optional } of MONEY) {
      const typed = money[field].trim();
      const pence = typed === '' && optional ? null : penceOf(typed);
      if (pence === null && !(optional && typed === '')) {
        setProblems([`${label.replace(/ \(.*\)$/, '')}: enter an amount in pounds, such as 3.50.`]);
        return;
      }
      amounts[field] = pence;
    }
    const numbers: Partial<Record<Whole, number>> = {};
    for (const { field, label } of WHOLE) {
      if (!/^\s*-?\d{1,6}\s*$/.test(whole[field])) {
        setProblems([`${label.replace(/ \(.*\)$/, '')}: enter a whole number.`]);
        return;
      }
      numbers[field] = Number(whole[field]);
    }
    const miles = Number(radius);
    if (radius.trim() === '' || !Number.isFinite(miles)) {
      setProblems(['Delivery radius: enter the miles, such as 3.5.']);
      return;
    }
    const body: RestaurantAdminBody = {
      openingHours: hours,
      deliveryRadiusMiles: miles,
      deliveryFee: amounts.deliveryFee!,
      freeDeliveryFrom: amounts.freeDeliveryFrom ?? null,
      minimumSpend: amounts.minimumSpend!,
      cateringMinimumSpend: amounts.cateringMinimumSpend!,
      prepMinutes: numbers.prepMinutes!,
      slotCapacity: numbers.slotCapacity!,
      cateringLeadHours: numbers.cateringLeadHours!,
      tableCount: numbers.tableCount!,
      ...flags,
      tableNumberPrompt: prompt.trim() || null,
    };
    setProblems([]);
    setSaving(true);
    try {
      const saved = await shopApi.changeRestaurant(restaurant.id, body);
      await queryClient.invalidateQueries({ queryKey: shopQueries.restaurants().queryKey });
      showToast(`${saved.name} is saved`);
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="back-office__form shop__editor" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="shop__group">
        <legend>Opening hours (London time, on the quarter hour)</legend>
        {DAYS.map(({ weekday, name }) => (
          <div key={weekday} className="shop__day">
            <span className="shop__day-name" id={id(`day-${weekday}`)}>
              {name}
            </span>
            {(hours[weekday] ?? []).length === 0 ? <span className="back-office__muted">Closed</span> : null}
            {(hours[weekday] ?? []).map((window, index) => (
              <span key={index} className="shop__window">
                <label className="visually-hidden" htmlFor={id(`${weekday}-${index}-opens`)}>
                  {name}, window {index + 1}, opens
                </label>
                <input
                  id={id(`${weekday}-${index}-opens`)}
                  type="text"
                  inputMode="numeric"
                  size={5}
                  maxLength={5}
                  value={window.opens}
                  onChange={(e) => changeWindow(weekday, index, { opens: e.target.value })}
                />
                <span aria-hidden="true">–</span>
                <label className="visually-hidden" htmlFor={id(`${weekday}-${index}-closes`)}>
                  {name}, window {index + 1}, closes
                </label>
                <input
                  id={id(`${weekday}-${index}-closes`)}
                  type="text"
                  inputMode="numeric"
                  size={5}
                  maxLength={5}
                  value={window.closes}
                  onChange={(e) => changeWindow(weekday, index, { closes: e.target.value })}
                />
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Remove ${name}’s window ${window.opens} to ${window.closes}`}
                  onClick={() =>
                    setHours((all) =>
                      all.map((day, d) => (d === weekday ? day.filter((_, i) => i !== index) : day)),
                    )
                  }
                >
                  Remove
                </button>
              </span>
            ))}
            <button
              type="button"
              className="link-button"
              aria-label={`Add a window on ${name}`}
              onClick={() =>
                setHours((all) =>
                  all.map((day, d) => (d === weekday ? [...day, { opens: '12:00', closes: '22:00' }] : day)),
                )
              }
            >
              Add a window
            </button>
          </div>
        ))}
      </fieldset>
      <fieldset className="shop__group">
        <legend>Delivery, fees and slots</legend>
        <div className="shop__field">
          <label htmlFor={id('radius')}>Delivery radius (miles, up to 50)</label>
          <input
            id={id('radius')}
            type="text"
            inputMode="decimal"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
          />
        </div>
        {MONEY.map(({ field, label }) => (
          <div key={field} className="shop__field">
            <label htmlFor={id(field)}>{label}</label>
            <input
              id={id(field)}
              type="text"
              inputMode="decimal"
              value={money[field]}
              onChange={(e) => setMoney((all) => ({ ...all, [field]: e.target.value }))}
            />
          </div>
        ))}
        {WHOLE.map(({ field, label }) => (
          <div key={field} className="shop__field">
            <label htmlFor={id(field)}>{label}</label>
            <input
              id={id(field)}
              type="text"
              inputMode="numeric"
              value={whole[field]}
              onChange={(e) => setWhole((all) => ({ ...all, [field]: e.target.value }))}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="back-office__checks">
        <legend>What it offers</legend>
        {FLAGS.map(({ field, label }) => (
          <label key={field}>
            <input
              type="checkbox"
              checked={flags[field]}
              onChange={(e) => setFlags((all) => ({ ...all, [field]: e.target.checked }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={id('prompt')}>What to ask for a table’s number (optional)</label>
      <input
        id={id('prompt')}
        type="text"
        maxLength={200}
        value={prompt}
        onChange={(e) => setPrompt(e.target.value)}
      />
      {problems.length > 0 ? (
        <div className="notice notice--error" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <div className="shop__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : `Save ${restaurant.name}`}
        </button>
      </div>
    </form>
  );
}

export function RestaurantsPage(_props: BackOfficeScreenProps) {
  usePageMeta('Restaurants · Back office');
  const list = useQuery(shopQueries.restaurants());
  const [chosen, setChosen] = useState('');
  const restaurant = list.data?.find((r) => r.id === chosen) ?? list.data?.[0];
  return (
    <section aria-labelledby="restaurants-heading">
      <div className="catalogue__head">
        <h1 id="restaurants-heading">Restaurants</h1>
      </div>
      {list.isPending ? (
        <Spinner label="Loading the restaurants" />
      ) : list.isError ? (
        <LoadFailed message="We couldn’t load the restaurants." onRetry={() => void list.refetch()} />
      ) : !restaurant ? (
        <p>No restaurants are open.</p>
      ) : (
        <>
          <div className="catalogue__filters">
            <div>
              <label htmlFor="restaurants-choice">Restaurant</label>
              <select
                id="restaurants-choice"
                value={restaurant.id}
                onChange={(e) => setChosen(e.target.value)}
              >
                {list.data.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <RestaurantForm key={restaurant.id} restaurant={restaurant} />
        </>
      )}
    </section>
  );
}
