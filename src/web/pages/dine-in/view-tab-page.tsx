import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import type { Tab } from '../../../contracts/dine-in';
import { timeLabel } from '../../../domain/calendar';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { tableMenuPath, tableTitle } from '../../features/dine-in/table-names';
import { LimitBar, TabReceipt, TabRounds } from '../../features/dine-in/tab-parts';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { useBillUpdates } from './use-bill-updates';

// /dine-in-view-tab (issue 21 parts 2 and 4; also ?tab=<id>, and ?join=<token> from the tab's link or QR
// code, which joins it first): every round with who added it and how far the kitchen is, the running total
// against the limit held, when it closes by itself, "Order more" (the table's menu), the others invited with
// the join link and its QR code, and "Pay" (/dine-in-close-tab). Read every 5 s, so the bill updates for
// everyone at the table; once closed, the receipt.

export function ViewTabPage() {
  usePageMeta('Your tab');
  const [params] = useSearchParams();
  const join = params.get('join');
  if (join) return <JoinTab token={join} />;
  return <TabScreen tabId={params.get('tab')} />;
}

function JoinTab({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const joining = useMutation({
    mutationFn: () => dineInApi.join(token),
    onSuccess: async ({ tab }) => {
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, tab);
      showToast(`You’ve joined ${tab.holderName}’s tab`);
      await navigate(`/dine-in-view-tab?tab=${tab.id}`, { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    joining.mutate();
  }, [joining]);
  if (joining.isError) {
    const error = joining.error;
    return (
      <div className="page page--narrow di-page">
        <StepHeading>Join the tab</StepHeading>
        {isApiError(error, 'TAB_NOT_FOUND', 'TAB_CLOSED') ? (
          <p className="notice notice--error" role="alert">
            {error.message}
          </p>
        ) : (
          <LoadFailed message="We couldn’t join the tab just now." onRetry={() => joining.mutate()} />
        )}
        <Link to="/dine-in" className="button button--secondary">
          See the menu
        </Link>
      </div>
    );
  }
  return (
    <div className="page page--narrow di-page">
      <StepHeading>Joining the tab…</StepHeading>
      <Spinner label="Joining the tab" />
    </div>
  );
}

function TabScreen({ tabId }: { tabId: string | null }) {
  const tab = useQuery(dineInQueries.tab(tabId));
  const updated = useBillUpdates(tab.data);
  if (tab.isPending) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>Your tab</StepHeading>
        <Spinner label="Loading your tab" />
      </div>
    );
  }
  if (tab.isError && !tab.data) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>Your tab</StepHeading>
        <LoadFailed message="We couldn’t load your tab just now." onRetry={tab.refetch} />
      </div>
    );
  }
  if (!tab.data) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>Your tab</StepHeading>
        <p className="notice">
          {tabId
            ? 'We couldn’t find that tab. If someone at your table opened it, ask them for its link.'
            : 'You don’t have a tab. Start one when you order at your table: choose “Start a tab” at the checkout.'}
        </p>
        <Link to="/dine-in" className="button button--primary">
          See the menu
        </Link>
      </div>
    );
  }
  return <TabView tab={tab.data} updated={updated} />;
}

function TabView({ tab, updated }: { tab: Tab; updated: string }) {
  const open = tab.state === 'open';
  const live = open || tab.state === 'settling';
  const menu = tableMenuPath(tab.restaurant.id, tab.tableNumber);
  return (
    <div className="page di-page">
      <p className="di-kicker">{tableTitle(tab.restaurant.name, tab.tableNumber)}</p>
      <StepHeading>{tab.youAreHolder ? 'Your tab' : `${tab.holderName}’s tab`}</StepHeading>
      <p className="di-status">
        <span className={`di-badge di-badge--${tab.state}`}>{tab.stateLabel}</span> Opened by{' '}
        {tab.youAreHolder ? 'you' : tab.holderName} at {timeLabel(new Date(tab.openedAt))}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {updated}
      </p>
      <HoldNotice tab={tab} />
      {tab.state === 'closed' ? <TabReceipt tab={tab} /> : null}
      <div className="di-page__columns">
        <div className="di-page__main">
          {live || tab.state === 'closing' ? (
            <section className="checkout-card" aria-labelledby="di-total-heading">
              <h2 id="di-total-heading">Running total</h2>
              <LimitBar tab={tab} />
              <p>
                If nobody pays, it closes by itself at <strong>{timeLabel(new Date(tab.autoCloseAt))}</strong>{' '}
                for what was ordered, with no tip added.
              </p>
              <div className="button-row di-actions">
                {open ? (
                  <Link to={menu} className="button button--secondary">
                    Order more
                  </Link>
                ) : null}
                {live ? (
                  <Link to={`/dine-in-close-tab?tab=${tab.id}`} className="button button--primary">
                    {tab.state === 'settling' ? 'See the bill' : tab.youAreHolder ? 'Pay' : 'The bill'}
                  </Link>
                ) : null}
              </div>
              {tab.state === 'settling' ? (
                <p className="field__hint">The bill is being paid: no more rounds can be added.</p>
              ) : null}
            </section>
          ) : null}
          <section className="checkout-card" aria-labelledby="di-rounds-heading">
            <h2 id="di-rounds-heading">Rounds</h2>
            <TabRounds rounds={tab.rounds} />
          </section>
        </div>
        <aside className="di-page__aside">
          {open ? <Invite tab={tab} /> : null}
          <section className="checkout-card" aria-labelledby="di-people-heading">
            <h2 id="di-people-heading">At the table</h2>
            <ul className="di-people">
              {tab.members.map((member) => (
                <li key={member.id}>
                  {member.name}
                  {member.isYou ? ' (you)' : ''}
                  {member.isHolder ? ' · opened the tab' : ''}
                </li>
              ))}
            </ul>
          </section>
          {!live ? (
            <Link to={menu} className="button button--secondary button--block">
              Back to the menu
            </Link>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** The card being held for a tab that is opening, or why it wasn't. */
function HoldNotice({ tab }: { tab: Tab }) {
  if (tab.state === 'abandoned') {
    return (
      <p className="notice notice--warning" role="status">
        This tab wasn’t opened: the card was never held, so nothing was ordered or taken.{' '}
        <Link to={tableMenuPath(tab.restaurant.id, tab.tableNumber)}>Order again</Link>
      </p>
    );
  }
  if (tab.state !== 'opening') return null;
  if (tab.hold.status === 'failed' || tab.hold.status === 'none') {
    return (
      <div className="notice notice--warning" role="status">
        <p>
          {tab.hold.status === 'failed'
            ? 'Your card wasn’t held, so the tab isn’t open yet and nothing has gone to the kitchen.'
            : 'The tab opens once your card is held.'}
        </p>
        {tab.youAreHolder ? (
          <p className="notice__actions">
            <Link to="/dine-in-checkout/payment">Hold your card</Link>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="notice" role="status">
      <Spinner label="Holding the card" /> Holding the card. This page updates by itself.
    </p>
  );
}

/** The join link for the others at the table: share or copy it, or let them scan its QR code. */
function Invite({ tab }: { tab: Tab }) {
  const code = useQuery(dineInQueries.joinCode(tab.id));
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tab.joinUrl);
      setCopied(true);
      showToast('Link copied');
    } catch {
      showToast(`The link is ${tab.joinUrl}`);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: `Join our tab at ${tab.restaurant.name}`, url: tab.joinUrl });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  return (
    <section className="checkout-card di-invite" aria-labelledby="di-invite-heading">
      <h2 id="di-invite-heading">Invite the table</h2>
      <p>Others join with this link or QR code, add their own rounds and pay their own part at the end.</p>
      <div className="di-invite__code">
        {code.data ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.data.svg)}`}
            alt="QR code of the link to join this tab"
            width={168}
            height={168}
          />
        ) : code.isError ? (
          <p className="field__hint">The QR code didn’t load: share the link instead.</p>
        ) : (
          <Spinner label="Loading the QR code" />
        )}
      </div>
      <label className="di-invite__label" htmlFor="di-join-link">
        Link to join
      </label>
      <input
        id="di-join-link"
        className="di-invite__link"
        readOnly
        value={tab.joinUrl}
        onFocus={(e) => e.target.select()}
      />
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy the link'}
        </button>
        {canShare ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void share()}
          >
            Share…
          </button>
        ) : null}
      </div>
    </section>
  );
}
