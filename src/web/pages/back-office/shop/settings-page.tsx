import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { penceOf } from '../catalogue/dish-editor';
import type { BackOfficeScreenProps } from '../screens';
import { problemsOf } from './problems';
import { shopApi, shopQueries, type ShopSettingsBody, type ShopSettingsView } from './shop.queries';
import '../catalogue/catalogue.css';
import './shop.css';

// /back-office/settings (issue 25 part 3): the shop's fees, minimums, the late delivery credit and its
// times, as GET /settings serves them to every page. Amounts are typed in pounds; the server checks each
// range and names the field it refuses; a saved change applies at once.

type Field = keyof ShopSettingsBody;
interface FieldInfo {
  field: Field;
  label: string;
  money: boolean;
  help?: string;
}

const GROUPS: { legend: string; fields: FieldInfo[] }[] = [
  {
    legend: 'Orders and delivery',
    fields: [
      { field: 'minimumSpend', label: 'Minimum spend (£)', money: true },
      { field: 'minimumSpendPerOrder', label: 'Minimum spend per delivery (£)', money: true },
      { field: 'defaultDeliveryFee', label: 'Delivery fee (£)', money: true },
      { field: 'freeDeliveryThreshold', label: 'Free delivery from (£)', money: true },
      { field: 'oneOffFee', label: 'One-off order fee (£)', money: true, help: 'Up to £1,000.' },
      { field: 'minimumCardCharge', label: 'Smallest card charge (£)', money: true, help: 'At least £0.30.' },
    ],
  },
  {
    legend: 'Takeaway',
    fields: [
      {
        field: 'lateDeliveryCredit',
        label: 'Credit for a late delivery (£)',
        money: true,
        help: 'Added to the customer’s account when a takeaway arrives after its promised window.',
      },
      {
        field: 'takeawayAcceptMinutes',
        label: 'Minutes a kitchen has to accept an order',
        money: false,
        help: '1 to 60.',
      },
    ],
  },
  {
    legend: 'Dine-in tabs and events',
    fields: [
      {
        field: 'tabAutoCloseHours',
        label: 'Hours before a quiet tab closes itself',
        money: false,
        help: '1 to 48.',
      },
      { field: 'tabMaxHours', label: 'Longest a tab stays open (hours)', money: false, help: '1 to 48.' },
      { field: 'tabLimitMax', label: 'Highest tab limit (£)', money: true },
      {
        field: 'eventBookingClosesHours',
        label: 'Event booking closes (hours before)',
        money: false,
        help: '0 to 72.',
      },
    ],
  },
];
const ALL_FIELDS = GROUPS.flatMap((group) => group.fields);

const shown = (info: FieldInfo, value: number) => (info.money ? (value / 100).toFixed(2) : String(value));

function SettingsForm({ saved }: { saved: ShopSettingsView }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(ALL_FIELDS.map((info) => [info.field, shown(info, saved[info.field])])) as Record<
        Field,
        string
      >,
  );
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Partial<ShopSettingsBody> = {};
    for (const info of ALL_FIELDS) {
      const text = typed[info.field];
      const value = info.money ? penceOf(text) : /^\s*-?\d{1,7}\s*$/.test(text) ? Number(text) : null;
      if (value === null) {
        setProblems([
          `${info.label.replace(/ \(.*\)$/, '')}: enter ${info.money ? 'an amount in pounds, such as 2.99' : 'a whole number'}.`,
        ]);
        return;
      }
      body[info.field] = value;
    }
    setProblems([]);
    setSaving(true);
    try {
      const after = await shopApi.changeSettings(body as ShopSettingsBody);
      queryClient.setQueryData(shopQueries.settings().queryKey, { ...after, id: 'current' });
      showToast('The settings are saved and apply now');
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="back-office__form shop__editor" onSubmit={(e) => void submit(e)} noValidate>
      {GROUPS.map((group) => (
        <fieldset key={group.legend} className="shop__group">
          <legend>{group.legend}</legend>
          {group.fields.map((info) => (
            <div key={info.field} className="shop__field">
              <label htmlFor={`setting-${info.field}`}>{info.label}</label>
              <input
                id={`setting-${info.field}`}
                type="text"
                inputMode={info.money ? 'decimal' : 'numeric'}
                value={typed[info.field]}
                aria-describedby={info.help ? `setting-${info.field}-help` : undefined}
                onChange={(e) => setTyped((all) => ({ ...all, [info.field]: e.target.value }))}
              />
              {info.help ? (
                <p id={`setting-${info.field}-help`} className="back-office__help">
                  {info.help}
                </p>
              ) : null}
            </div>
          ))}
        </fieldset>
      ))}
      {problems.length > 0 ? (
        <div className="notice notice--error" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <div className="shop__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save the settings'}
        </button>
      </div>
    </form>
  );
}

export function SettingsPage(_props: BackOfficeScreenProps) {
  usePageMeta('Shop settings · Back office');
  const settings = useQuery(shopQueries.settings());
  return (
    <section aria-labelledby="settings-heading">
      <div className="catalogue__head">
        <h1 id="settings-heading">Shop settings</h1>
      </div>
      <p className="back-office__help">Every page and basket uses a saved change at once.</p>
      {settings.isPending ? (
        <Spinner label="Loading the settings" />
      ) : settings.isError ? (
        <LoadFailed message="We couldn’t load the settings." onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </section>
  );
}
