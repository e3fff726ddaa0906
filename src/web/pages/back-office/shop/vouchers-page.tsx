import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatPence } from '../../../../domain/money';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { penceOf } from '../catalogue/dish-editor';
import type { BackOfficeScreenProps } from '../screens';
import { problemsOf, ukDate } from './problems';
import { shopApi, shopQueries, type VoucherAdminBody, type VoucherAdminView } from './shop.queries';
import '../catalogue/catalogue.css';
import './shop.css';

// /back-office/vouchers (issue 25 part 3): the shop's voucher codes with how often each was used and whether it
// works today; a new code or a change (an amount or a percentage off, a free dish, store credit), and a code
// stopped from today. The server checks the rules and names each field it refuses.

type Kind = 'amount' | 'percentage' | 'addon' | 'credit';
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'amount', label: 'Amount off' },
  { kind: 'percentage', label: 'Percentage off' },
  { kind: 'addon', label: 'Free dish' },
  { kind: 'credit', label: 'Store credit' },
];

function kindOf(voucher: Pick<VoucherAdminView, 'type' | 'valueType'>): Kind {
  if (voucher.type === 'AddonVoucher') return 'addon';
  if (voucher.type === 'CreditVoucher') return 'credit';
  return voucher.valueType === 'percentage' ? 'percentage' : 'amount';
}
const kindLabel = (kind: Kind) => KINDS.find((k) => k.kind === kind)!.label;

function valueLabel(voucher: VoucherAdminView): string {
  const kind = kindOf(voucher);
  if (kind === 'addon') return `Variant ${voucher.addonVariantId ?? '?'}`;
  if (kind === 'percentage') return `${voucher.value}%`;
  return formatPence(voucher.value);
}

interface Draft {
  code: string;
  kind: Kind;
  value: string;
  description: string;
  startDate: string;
  endDate: string;
  singleOrder: boolean;
  minimumSpend: string;
  productVariantIds: string;
  addonVariantId: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  newCustomersOnly: boolean;
}

function draftOf(voucher: VoucherAdminView | null): Draft {
  const kind = voucher ? kindOf(voucher) : 'amount';
  return {
    code: voucher?.code ?? '',
    kind,
    value: !voucher ? '' : kind === 'percentage' ? String(voucher.value) : (voucher.value / 100).toFixed(2),
    description: voucher?.description ?? '',
    startDate: voucher?.startDate ?? '',
    endDate: voucher?.endDate ?? '',
    singleOrder: voucher?.singleOrder ?? false,
    minimumSpend:
      voucher?.minimumSpendPerOrder == null ? '' : (voucher.minimumSpendPerOrder / 100).toFixed(2),
    productVariantIds: (voucher?.productVariantIds ?? []).join(', '),
    addonVariantId: voucher?.addonVariantId ?? '',
    usageLimit: voucher?.usageLimit == null ? '' : String(voucher.usageLimit),
    oncePerCustomer: voucher?.oncePerCustomer ?? false,
    newCustomersOnly: voucher?.newCustomersOnly ?? false,
  };
}

/** The body to send, or what to fix first in the form. */
function bodyOf(draft: Draft): VoucherAdminBody | string {
  let value = 0;
  if (draft.kind === 'percentage') {
    if (!/^\s*-?\d{1,7}\s*$/.test(draft.value)) return 'Enter the percentage as a whole number, such as 20.';
    value = Number(draft.value);
  } else if (draft.kind !== 'addon') {
    const pence = penceOf(draft.value);
    if (pence === null) return 'Enter the amount in pounds, such as 5.00.';
    value = pence;
  }
  const minimum = draft.minimumSpend.trim() === '' ? null : penceOf(draft.minimumSpend);
  if (minimum === null && draft.minimumSpend.trim() !== '')
    return 'Enter the minimum spend in pounds, such as 30.00.';
  const limit = draft.usageLimit.trim();
  if (limit !== '' && !/^-?\d{1,7}$/.test(limit))
    return 'Enter the limit as a whole number of uses, or leave it empty.';
  const variants = draft.productVariantIds
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  if (variants.some((id) => !/^\d{1,15}$/.test(id)))
    return 'List the dishes by their variant numbers, such as 10011, 10021.';
  return {
    code: draft.code,
    type:
      draft.kind === 'addon' ? 'AddonVoucher' : draft.kind === 'credit' ? 'CreditVoucher' : 'DiscountVoucher',
    valueType: draft.kind === 'percentage' ? 'percentage' : 'fixed_amount',
    value,
    description: draft.description,
    startDate: draft.startDate || null,
    endDate: draft.endDate || null,
    singleOrder: draft.singleOrder,
    minimumSpendPerOrder: minimum,
    productVariantIds: draft.kind === 'amount' || draft.kind === 'percentage' ? variants : [],
    addonVariantId: draft.kind === 'addon' ? draft.addonVariantId.trim() || null : null,
    usageLimit: limit === '' ? null : Number(limit),
    oncePerCustomer: draft.oncePerCustomer,
    newCustomersOnly: draft.newCustomersOnly,
  };
}

function VoucherEditor({ voucher, onDone }: { voucher: VoucherAdminView | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(voucher));
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(draft);
    if (typeof body === 'string') {
      setProblems([body]);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      const saved = voucher
        ? await shopApi.updateVoucher(voucher.id, body)
        : await shopApi.createVoucher(body);
      await queryClient.invalidateQueries({ queryKey: shopQueries.all });
      showToast(voucher ? `${saved.code} is saved` : `${saved.code} is made: it works in baskets now`);
      onDone();
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string) => `${ids}-${name}`;
  const money = draft.kind === 'amount' || draft.kind === 'credit';
  return (
    <form
      className="back-office__form shop__editor"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={field('heading')}
    >
      <h2 id={field('heading')}>{voucher ? `Change ${voucher.code}` : 'New voucher'}</h2>
      <label htmlFor={field('code')}>Code</label>
      <input
        id={field('code')}
        type="text"
        autoCapitalize="characters"
        maxLength={40}
        value={draft.code}
        onChange={(e) => set('code', e.target.value)}
        aria-describedby={field('code-help')}
      />
      <p id={field('code-help')} className="back-office__help">
        3 to 40 letters, digits, hyphens or underscores; kept in capitals.
      </p>
      <label htmlFor={field('kind')}>Kind</label>
      <select id={field('kind')} value={draft.kind} onChange={(e) => set('kind', e.target.value as Kind)}>
        {KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </select>
      {draft.kind === 'addon' ? (
        <>
          <label htmlFor={field('addon')}>Free dish (its variant number)</label>
          <input
            id={field('addon')}
            type="text"
            inputMode="numeric"
            value={draft.addonVariantId}
            onChange={(e) => set('addonVariantId', e.target.value)}
          />
        </>
      ) : (
        <>
          <label htmlFor={field('value')}>{money ? 'Amount (£)' : 'Percentage off (1 to 100)'}</label>
          <input
            id={field('value')}
            type="text"
            inputMode={money ? 'decimal' : 'numeric'}
            value={draft.value}
            onChange={(e) => set('value', e.target.value)}
          />
        </>
      )}
      <label htmlFor={field('description')}>Description (optional)</label>
      <input
        id={field('description')}
        type="text"
        maxLength={300}
        value={draft.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <div className="shop__pair">
        <div>
          <label htmlFor={field('start')}>Starts (optional)</label>
          <input
            id={field('start')}
            type="date"
            value={draft.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={field('end')}>Ends</label>
          <input
            id={field('end')}
            type="date"
            value={draft.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </div>
      </div>
      {draft.kind === 'credit' ? null : (
        <>
          <label htmlFor={field('minimum')}>Minimum spend per delivery (£, optional)</label>
          <input
            id={field('minimum')}
            type="text"
            inputMode="decimal"
            value={draft.minimumSpend}
            onChange={(e) => set('minimumSpend', e.target.value)}
          />
        </>
      )}
      {draft.kind === 'amount' || draft.kind === 'percentage' ? (
        <>
          <label htmlFor={field('variants')}>Only these dishes (variant numbers, optional)</label>
          <input
            id={field('variants')}
            type="text"
            value={draft.productVariantIds}
            onChange={(e) => set('productVariantIds', e.target.value)}
          />
        </>
      ) : null}
      <label htmlFor={field('limit')}>Uses in all (optional; empty for no limit)</label>
      <input
        id={field('limit')}
        type="text"
        inputMode="numeric"
        value={draft.usageLimit}
        onChange={(e) => set('usageLimit', e.target.value)}
      />
      <fieldset className="back-office__checks">
        <legend>Who and when</legend>
        {draft.kind === 'credit' ? null : (
          <label>
            <input
              type="checkbox"
              checked={draft.singleOrder}
              onChange={(e) => set('singleOrder', e.target.checked)}
            />
            The first delivery in a basket only
          </label>
        )}
        <label>
          <input
            type="checkbox"
            checked={draft.oncePerCustomer}
            onChange={(e) => set('oncePerCustomer', e.target.checked)}
          />
          Once per customer
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.newCustomersOnly}
            onChange={(e) => set('newCustomersOnly', e.target.checked)}
          />
          New customers only
        </label>
      </fieldset>
      {problems.length > 0 ? (
        <div className="notice notice--error" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <div className="shop__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : voucher ? 'Save changes' : 'Make the voucher'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function VoucherRow({ voucher, onEdit }: { voucher: VoucherAdminView; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const stop = async () => {
    if (!window.confirm(`Stop ${voucher.code} from today? Baskets will refuse it.`)) return;
    setBusy(true);
    try {
      await shopApi.deactivateVoucher(voucher.id);
      await queryClient.invalidateQueries({ queryKey: shopQueries.all });
      showToast(`${voucher.code} is stopped`);
    } catch (error) {
      showToast(problemsOf(error).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <th scope="row">
        <code>{voucher.code}</code>
        {voucher.description ? <span className="back-office__muted"> · {voucher.description}</span> : null}
      </th>
      <td>{kindLabel(kindOf(voucher))}</td>
      <td data-numeric>{valueLabel(voucher)}</td>
      <td>{ukDate(voucher.startDate) || 'Now'}</td>
      <td>{ukDate(voucher.endDate) || 'No end'}</td>
      <td data-numeric>
        {voucher.timesRedeemed}
        {voucher.usageLimit === null ? '' : ` of ${voucher.usageLimit}`}
      </td>
      <td>{voucher.active ? 'Active' : 'Not active'}</td>
      <td className="shop__row-actions">
        <button type="button" className="link-button" onClick={onEdit} aria-label={`Change ${voucher.code}`}>
          Change
        </button>
        {voucher.active ? (
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => void stop()}
            aria-label={`Stop ${voucher.code}`}
          >
            Stop
          </button>
        ) : null}
      </td>
    </tr>
  );
}

export function VouchersPage(_props: BackOfficeScreenProps) {
  usePageMeta('Vouchers · Back office');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<VoucherAdminView | 'new' | null>(null);
  const list = useQuery(shopQueries.vouchers(search.trim()));
  return (
    <section aria-labelledby="vouchers-heading">
      <div className="catalogue__head">
        <h1 id="vouchers-heading">Vouchers</h1>
        {editing === null ? (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New voucher
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <VoucherEditor
          key={editing === 'new' ? 'new' : editing.id}
          voucher={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <div className="catalogue__filters">
        <div>
          <label htmlFor="vouchers-search">Find a code</label>
          <input
            id="vouchers-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {list.isPending ? (
        <Spinner label="Loading the vouchers" />
      ) : list.isError ? (
        <LoadFailed message="We couldn’t load the vouchers." onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p>No voucher codes{search.trim() ? ' match that' : ' yet'}.</p>
      ) : (
        <div
          className="back-office__table-wrap shop__table-wrap"
          role="region"
          aria-label="Voucher codes"
          tabIndex={0}
        >
          <table className="back-office__table">
            <caption className="visually-hidden">Voucher codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Kind</th>
                <th scope="col">Value</th>
                <th scope="col">Starts</th>
                <th scope="col">Ends</th>
                <th scope="col">Uses</th>
                <th scope="col">Today</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((voucher) => (
                <VoucherRow key={voucher.id} voucher={voucher} onEdit={() => setEditing(voucher)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
