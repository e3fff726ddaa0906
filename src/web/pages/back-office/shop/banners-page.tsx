import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BANNER_MIN_CONTRAST, contrastRatio, HEX_COLOUR } from '../../../../contracts/back-office-shop';
import { bannerText } from '../../../../domain/banners';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import type { BackOfficeScreenProps } from '../screens';
import { problemsOf, ukDate } from './problems';
import { shopApi, shopQueries, type BannerAdminBody, type BannerAdminView } from './shop.queries';
import '../catalogue/catalogue.css';
import './shop.css';

// /back-office/banners (issue 25 part 3): the marketing banners in their order, with who sees each and whether
// it shows today; a new banner or a change with a preview as the shop will show it, its colours' contrast
// checked as they are chosen (the server refuses text that would be hard to read), and its dates.

const AUDIENCES = [
  { value: '', label: 'Everyone' },
  { value: 'new', label: 'New customers' },
  { value: 'existing', label: 'Existing customers' },
] as const;
const audienceLabel = (type: BannerAdminView['customerType']) =>
  AUDIENCES.find((a) => a.value === (type ?? ''))!.label;

type Draft = Omit<
  BannerAdminBody,
  'position' | 'customerType' | 'mobileText' | 'link' | 'startDate' | 'endDate'
> & {
  position: string;
  customerType: '' | 'new' | 'existing';
  mobileText: string;
  link: string;
  startDate: string;
  endDate: string;
};

function draftOf(banner: BannerAdminView | null, next: number): Draft {
  return {
    category: banner?.category ?? 'promo',
    active: banner?.active ?? true,
    position: String(banner?.position ?? next),
    customerType: banner?.customerType ?? '',
    text: banner?.text ?? '',
    mobileText: banner?.mobileText ?? '',
    link: banner?.link ?? '',
    bgColor: banner?.bgColor ?? '#576458',
    fgColor: banner?.fgColor ?? '#ffffff',
    startDate: banner?.startDate ?? '',
    endDate: banner?.endDate ?? '',
  };
}

function Preview({ draft }: { draft: Draft }) {
  const readable = HEX_COLOUR.test(draft.bgColor) && HEX_COLOUR.test(draft.fgColor);
  const ratio = readable ? contrastRatio(draft.bgColor, draft.fgColor) : null;
  const now = new Date();
  return (
    <div className="shop__preview" aria-label="Preview">
      <p className="back-office__muted">Preview, as the shop shows it</p>
      {readable ? (
        <>
          <p className="shop__banner" style={{ background: draft.bgColor, color: draft.fgColor }}>
            {bannerText(draft.text, now) || 'The banner’s words'}
          </p>
          {draft.mobileText.trim() ? (
            <p
              className="shop__banner shop__banner--phone"
              style={{ background: draft.bgColor, color: draft.fgColor }}
            >
              {bannerText(draft.mobileText, now)}
            </p>
          ) : null}
        </>
      ) : null}
      <p
        className={
          ratio !== null && ratio < BANNER_MIN_CONTRAST ? 'notice notice--error' : 'back-office__help'
        }
      >
        {ratio === null
          ? 'Write each colour as #rrggbb.'
          : ratio < BANNER_MIN_CONTRAST
            ? `Contrast ${ratio.toFixed(1)}:1: too low to read easily (at least ${BANNER_MIN_CONTRAST}:1).`
            : `Contrast ${ratio.toFixed(1)}:1: easy to read.`}
      </p>
    </div>
  );
}

function BannerEditor({
  banner,
  next,
  onDone,
}: {
  banner: BannerAdminView | null;
  next: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner, next));
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const field = (name: string) => `${ids}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\s*\d{1,5}\s*$/.test(draft.position)) {
      setProblems(['Enter the order as a whole number from 0, the first banner.']);
      return;
    }
    const body: BannerAdminBody = {
      ...draft,
      position: Number(draft.position),
      customerType: draft.customerType || null,
      mobileText: draft.mobileText || null,
      link: draft.link || null,
      startDate: draft.startDate || null,
      endDate: draft.endDate || null,
    };
    setProblems([]);
    setSaving(true);
    try {
      await (banner ? shopApi.updateBanner(banner.id, body) : shopApi.createBanner(body));
      await queryClient.invalidateQueries({ queryKey: shopQueries.all });
      showToast(banner ? 'The banner is saved' : 'The banner is made');
      onDone();
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="back-office__form shop__editor"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={field('heading')}
    >
      <h2 id={field('heading')}>{banner ? 'Change the banner' : 'New banner'}</h2>
      <label htmlFor={field('text')}>Words</label>
      <textarea
        id={field('text')}
        rows={2}
        maxLength={300}
        value={draft.text}
        onChange={(e) => set('text', e.target.value)}
        aria-describedby={field('text-help')}
      />
      <p id={field('text-help')} className="back-office__help">
        Write {'{order_by}'} where the next order deadline should go.
      </p>
      <label htmlFor={field('mobile')}>Shorter words for phones (optional)</label>
      <input
        id={field('mobile')}
        type="text"
        maxLength={300}
        value={draft.mobileText}
        onChange={(e) => set('mobileText', e.target.value)}
      />
      <label htmlFor={field('link')}>Link (optional: a page such as /menu, or https://…)</label>
      <input
        id={field('link')}
        type="text"
        value={draft.link}
        onChange={(e) => set('link', e.target.value)}
      />
      <div className="shop__pair">
        <div>
          <label htmlFor={field('audience')}>Who sees it</label>
          <select
            id={field('audience')}
            value={draft.customerType}
            onChange={(e) => set('customerType', e.target.value as Draft['customerType'])}
          >
            {AUDIENCES.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field('position')}>Order (0 first)</label>
          <input
            id={field('position')}
            type="text"
            inputMode="numeric"
            value={draft.position}
            onChange={(e) => set('position', e.target.value)}
          />
        </div>
      </div>
      <div className="shop__pair">
        <div>
          <label htmlFor={field('bg')}>Background colour</label>
          <div className="shop__colour">
            <input
              type="color"
              aria-label="Pick the background colour"
              value={HEX_COLOUR.test(draft.bgColor) ? draft.bgColor : '#000000'}
              onChange={(e) => set('bgColor', e.target.value)}
            />
            <input
              id={field('bg')}
              type="text"
              value={draft.bgColor}
              onChange={(e) => set('bgColor', e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor={field('fg')}>Text colour</label>
          <div className="shop__colour">
            <input
              type="color"
              aria-label="Pick the text colour"
              value={HEX_COLOUR.test(draft.fgColor) ? draft.fgColor : '#000000'}
              onChange={(e) => set('fgColor', e.target.value)}
            />
            <input
              id={field('fg')}
              type="text"
              value={draft.fgColor}
              onChange={(e) => set('fgColor', e.target.value)}
            />
          </div>
        </div>
      </div>
      <Preview draft={draft} />
      <div className="shop__pair">
        <div>
          <label htmlFor={field('start')}>First day (optional)</label>
          <input
            id={field('start')}
            type="date"
            value={draft.startDate}
            onChange={(e) => set('startDate', e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={field('end')}>Last day (optional)</label>
          <input
            id={field('end')}
            type="date"
            value={draft.endDate}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </div>
      </div>
      <label className="shop__check">
        <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
        Shown (untick to hide it without losing it)
      </label>
      {problems.length > 0 ? (
        <div className="notice notice--error" role="alert">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <div className="shop__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : banner ? 'Save changes' : 'Make the banner'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function BannersPage(_props: BackOfficeScreenProps) {
  usePageMeta('Banners · Back office');
  const banners = useQuery(shopQueries.banners());
  const [editing, setEditing] = useState<BannerAdminView | 'new' | null>(null);
  const next = banners.data ? Math.max(-1, ...banners.data.map((b) => b.position)) + 1 : 0;
  return (
    <section aria-labelledby="banners-heading">
      <div className="catalogue__head">
        <h1 id="banners-heading">Banners</h1>
        {editing === null ? (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New banner
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <BannerEditor
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          next={next}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {banners.isPending ? (
        <Spinner label="Loading the banners" />
      ) : banners.isError ? (
        <LoadFailed message="We couldn’t load the banners." onRetry={() => void banners.refetch()} />
      ) : banners.data.length === 0 ? (
        <p>No banners yet.</p>
      ) : (
        <div
          className="back-office__table-wrap shop__table-wrap"
          role="region"
          aria-label="Marketing banners"
          tabIndex={0}
        >
          <table className="back-office__table">
            <caption className="visually-hidden">Marketing banners</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Banner</th>
                <th scope="col">Who</th>
                <th scope="col">Dates</th>
                <th scope="col">Today</th>
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {banners.data.map((b) => (
                <tr key={b.id}>
                  <td data-numeric>{b.position}</td>
                  <td>
                    <span className="shop__swatch" style={{ background: b.bgColor, color: b.fgColor }}>
                      {b.text}
                    </span>
                  </td>
                  <td>{audienceLabel(b.customerType)}</td>
                  <td>
                    {b.startDate || b.endDate
                      ? `${ukDate(b.startDate) || 'Now'} – ${ukDate(b.endDate) || 'no end'}`
                      : 'Always'}
                  </td>
                  <td>{b.showing ? 'Shown' : b.active ? 'Not in its dates' : 'Hidden'}</td>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setEditing(b)}
                      aria-label={`Change the banner “${b.text.slice(0, 40)}”`}
                    >
                      Change
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
