import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import type { CheckoutMeta } from '../../../contracts/orders';
import type { Tab } from '../../../contracts/dine-in';
import { formatPence } from '../../../domain/money';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import { guestCardNote, useDiner } from '../../features/dine-in/diner';
import { tipOf, type TipPick } from '../../features/dine-in/rules';
import { tableTitle } from '../../features/dine-in/table-names';
import { PartSummary, TabReceipt } from '../../features/dine-in/tab-parts';
import { TipChooser } from '../../features/dine-in/tip-chooser';
import { PaySection } from '../../features/payments/pay-section';
import type { PayWith } from '../../features/payments/payments.queries';
import { usePayOrder } from '../../features/payments/use-pay-order';
import { isApiError, isRefusal, NetworkError } from '../../shared/api/client';
import { shopQueries } from '../../shared/shop.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { StepHeading } from '../../shared/ui/step-heading';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { SplitEditor } from './split-editor';
import { useBillUpdates } from './use-bill-updates';
import '../../features/orders/orders.css';

// /dine-in-close-tab?tab=<id> (issue 21 parts 2, 4 and 5): the bill. Whoever opened the tab pays it all with a
// tip (one capture from the card held: POST /orders/open_tab/checkout), or splits it (split-editor.tsx).
// Split, everyone sees the parts with their lines, amounts and states; "Pay this part" chooses a tip (POST
// /orders/{round}/tip_preview with the part), places the share (POST /orders/open_tab/parts/{id}) and pays it
// by card or PayPal (POST /payments). The holder's own part is taken from the held card once the others have
// paid ("Pay my part" with a tip), or at once with "Pay the rest too" (cover_rest). Read every 5 s: the bill
// updates as parts are paid, and once closed shows the receipt with the tip as its own row.

const failure = (error: unknown, otherwise: string) =>
  isRefusal(error) || error instanceof NetworkError ? error.message : otherwise;

export function CloseTabPage() {
  usePageMeta('The bill');
  const [params] = useSearchParams();
  const tabId = params.get('tab');
  const tab = useQuery(dineInQueries.tab(tabId));
  const updated = useBillUpdates(tab.data);
  if (tab.isPending) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>The bill</StepHeading>
        <Spinner label="Loading the bill" />
      </div>
    );
  }
  if (!tab.data) {
    return (
      <div className="page page--narrow di-page">
        <StepHeading>The bill</StepHeading>
        {tab.isError ? (
          <LoadFailed message="We couldn’t load the bill just now." onRetry={tab.refetch} />
        ) : (
          <p className="notice">
            We couldn’t find that tab. If someone at your table opened it, ask them for its link.
          </p>
        )}
        <Link to="/dine-in-view-tab" className="button button--secondary">
          See your tab
        </Link>
      </div>
    );
  }
  return <Bill tab={tab.data} updated={updated} />;
}

function Bill({ tab, updated }: { tab: Tab; updated: string }) {
  return (
    <div className="page page--narrow di-page">
      <p className="di-kicker">{tableTitle(tab.restaurant.name, tab.tableNumber)}</p>
      <StepHeading>{tab.state === 'closed' ? 'Paid, thank you' : 'The bill'}</StepHeading>
      <p className="di-status">
        <span className={`di-badge di-badge--${tab.state}`}>{tab.stateLabel}</span>
      </p>
      <p className="visually-hidden" aria-live="polite">
        {updated}
      </p>
      {tab.state === 'closed' ? <TabReceipt tab={tab} /> : null}
      <section className="checkout-card" aria-labelledby="di-bill-heading">
        <h2 id="di-bill-heading">Food and drink</h2>
        <dl className="summary-totals">
          {tab.rounds
            .filter((round) => !round.offBill)
            .map((round) => (
              <div key={round.orderId}>
                <dt>
                  Round {round.number} ({round.isYours ? 'you' : round.addedBy})
                </dt>
                <dd>{formatPence(round.total)}</dd>
              </div>
            ))}
          <div className="summary-totals__total">
            <dt>Bill</dt>
            <dd>{formatPence(tab.foodTotal)}</dd>
          </div>
        </dl>
        {tab.state === 'closed' ? null : (
          <p className="field__hint">No service charge or table fee. A tip is up to you.</p>
        )}
        <Link to={`/dine-in-view-tab?tab=${tab.id}`}>See every round</Link>
      </section>
      <BillState tab={tab} />
    </div>
  );
}

function BillState({ tab }: { tab: Tab }) {
  const [splitting, setSplitting] = useState(false);
  switch (tab.state) {
    case 'closed':
      return null;
    case 'closing':
      return (
        <p className="notice" role="status">
          <Spinner label="Taking the payment" /> Taking the payment from the card held. This page updates by
          itself.
        </p>
      );
    case 'opening':
    case 'abandoned':
      return (
        <p className="notice" role="status">
          This tab isn’t open: its card was never held, so there is nothing to pay.
        </p>
      );
    case 'settling':
      return <Parts tab={tab} />;
    case 'open':
      if (!tab.youAreHolder) {
        return (
          <p className="notice" role="status">
            Only {tab.holderName}, who opened the tab, can pay it or split it. Ask them to split the bill and
            you can pay your own part here: this page updates by itself.
          </p>
        );
      }
      return (
        <>
          <div className="button-row di-bill-choice" role="group" aria-label="How to pay the bill">
            <button
              type="button"
              className={`button ${splitting ? 'button--secondary' : 'button--primary'}`}
              aria-pressed={!splitting}
              onClick={() => setSplitting(false)}
            >
              Pay it all
            </button>
            <button
              type="button"
              className={`button ${splitting ? 'button--primary' : 'button--secondary'}`}
              aria-pressed={splitting}
              onClick={() => setSplitting(true)}
            >
              Split the bill
            </button>
          </div>
          {splitting ? (
            <section className="checkout-card" aria-labelledby="di-split-heading">
              <h2 id="di-split-heading">Split the bill</h2>
              <SplitEditor tab={tab} onDone={() => setSplitting(false)} />
            </section>
          ) : (
            <PayAll tab={tab} />
          )}
        </>
      );
  }
}

/** The tip choices for the bill, or for one part of it. */
function useTabTips(tab: Tab, partId: string | null, amount: number) {
  const round = tab.rounds[0]?.orderId ?? '';
  return useQuery({ ...dineInQueries.tabTips(round, partId, amount), enabled: round !== '' });
}

/** The holder pays the whole bill with a tip: one capture from the card held. */
function PayAll({ tab }: { tab: Tab }) {
  const queryClient = useQueryClient();
  const tips = useTabTips(tab, null, tab.foodTotal);
  const [pick, setPick] = useState<TipPick | null>(null);
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (tips.isPending) return <Spinner label="Loading the tip choices" />;
  if (!tips.data)
    return <LoadFailed message="We couldn’t load the tip choices just now." onRetry={tips.refetch} />;
  const { tip } = tipOf(pick, tips.data.choices, tips.data.maxTip);
  const card = tab.hold.paidWith ?? 'your card';
  const pay = async () => {
    if (tip === null) return;
    setPaying(true);
    setProblem(null);
    try {
      const closed = await dineInApi.close(tab.id, tip);
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, closed.tab);
      void queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
    } catch (error) {
      setPaying(false);
      setProblem(failure(error, 'We couldn’t take the payment just now. Please try again in a moment.'));
      if (isApiError(error, 'TAB_CLOSED'))
        void queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
    }
  };
  return (
    <section className="checkout-card" aria-labelledby="di-payall-heading">
      <h2 id="di-payall-heading">Pay the whole bill</h2>
      <TipChooser preview={tips.data} pick={pick} onPick={setPick} disabled={paying} />
      <dl className="summary-totals">
        <div>
          <dt>Bill</dt>
          <dd>{formatPence(tab.foodTotal)}</dd>
        </div>
        <div>
          <dt>Tip</dt>
          <dd>{tip === null ? 'Not chosen yet' : formatPence(tip)}</dd>
        </div>
        <div className="summary-totals__total">
          <dt>Taken from {card}</dt>
          <dd>{formatPence(tab.foodTotal + (tip ?? 0))}</dd>
        </div>
      </dl>
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {tip === null && !paying ? (
        <p className="field__hint">Choose a tip above, or No tip, and then you can pay.</p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={tip === null || paying}
        aria-busy={paying}
        onClick={() => void pay()}
      >
        {paying ? 'Paying…' : `Pay ${formatPence(tab.foodTotal + (tip ?? 0))} and close the tab`}
      </button>
      <p className="field__hint">
        Taken once from the {formatPence(tab.limit)} held on {card}; the rest is let go.
      </p>
    </section>
  );
}

/** The parts of a split bill: each with its lines, amount and state, and a way to pay it. */
function Parts({ tab }: { tab: Tab }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const nobodyPaying = tab.parts.every((part) => part.state === 'unpaid') && tab.holderTip === null;
  const cancel = async () => {
    setCancelling(true);
    try {
      const back = await dineInApi.cancelSplit(tab.id);
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, back.tab);
    } catch (error) {
      showToast(failure(error, 'We couldn’t change the split just now. Please try again.'), 'error');
    }
    setCancelling(false);
  };
  return (
    <section className="checkout-card" aria-labelledby="di-parts-heading">
      <h2 id="di-parts-heading">Everyone’s part</h2>
      <p>
        {tab.outstanding > 0
          ? `${formatPence(tab.outstanding)} still to pay by others at the table.`
          : 'Everyone else has paid.'}
      </p>
      <ol className="di-parts">
        {tab.parts.map((part) => (
          <li key={part.id} className={`di-part${part.isYours ? ' di-part--yours' : ''}`}>
            <PartSummary part={part} />
            {part.isHolders ? (
              tab.youAreHolder ? (
                <HolderPart tab={tab} part={part} />
              ) : null
            ) : part.state === 'paid' || (part.state === 'paying' && !part.isYours) ? null : open ===
              part.id ? (
              <PayPart tab={tab} part={part} onCancel={() => setOpen(null)} />
            ) : (
              <button
                type="button"
                className={`button button--block ${part.isYours || part.memberId === null ? 'button--primary' : 'button--secondary'}`}
                onClick={() => setOpen(part.id)}
              >
                Pay this part<span className="visually-hidden"> ({part.label})</span>
              </button>
            )}
          </li>
        ))}
      </ol>
      {tab.youAreHolder && nobodyPaying ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={cancelling}
          aria-busy={cancelling}
          onClick={() => void cancel()}
        >
          {cancelling ? 'One moment…' : 'Change how the bill is split'}
        </button>
      ) : null}
    </section>
  );
}

/** Someone pays a part that is not the holder's: a tip, then their card or PayPal. */
function PayPart({ tab, part, onCancel }: { tab: Tab; part: Tab['parts'][number]; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const tips = useTabTips(tab, part.id, part.amount);
  const settings = useQuery(shopQueries.settings());
  const { diner } = useDiner();
  const [pick, setPick] = useState<TipPick | null>(null);
  const here = `/dine-in-close-tab?tab=${tab.id}`;
  const payment = usePayOrder(
    async () => {
      await queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
      showToast('Your part is paid. Thank you!');
      onCancel();
    },
    (error) =>
      failure(
        error,
        'Failed while trying to pay your order. Please try again, or choose another way to pay.',
      ),
  );
  if (tips.isPending) return <Spinner label="Loading the tip choices" />;
  if (!tips.data)
    return <LoadFailed message="We couldn’t load the tip choices just now." onRetry={tips.refetch} />;
  const { tip, problem } = tipOf(pick, tips.data.choices, tips.data.maxTip);
  const total = part.amount + (tip ?? 0);
  const checkout: CheckoutMeta = {
    checkoutId: '',
    state: 'open',
    total,
    creditBalance: 0,
    creditApplied: 0,
    amountToCharge: total,
    requestCard: true,
    minimumCardCharge: settings.data?.minimumCardCharge ?? 30,
  };
  const onPay = async (how: PayWith, missingMethod: boolean) => {
    if (tip === null || !payment.begin(missingMethod)) return;
    payment.setStatus('placing');
    try {
      const placed = await dineInApi.payPart(part.id, tip);
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, placed.tab);
      if (!placed.payOrderId) throw new Error('Nothing to pay');
      await payment.pay(placed.payOrderId, { ...how, useCredit: false }, here, undefined, here);
    } catch (error) {
      payment.setStatus('idle');
      if (isApiError(error, 'PART_UNAVAILABLE', 'TAB_CLOSED')) {
        void queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
      }
      payment.setProblem(
        failure(error, 'Failed while trying to create order. Nothing has been charged: please try again.'),
      );
    }
  };
  return (
    <div className="di-pay-part">
      <TipChooser
        preview={tips.data}
        pick={pick}
        onPick={setPick}
        disabled={payment.status !== 'idle'}
        legend={`Add a tip to ${part.isYours ? 'your part' : `${part.label}’s part`}?`}
      />
      <PaySection
        checkout={checkout}
        payment={payment}
        wording={{ total: `${part.label}’s part and tip`, newCard: guestCardNote(diner, false) }}
        waitingFor={tip === null ? (problem ?? 'Choose a tip above, or No tip, and then you can pay.') : null}
        onPay={(how, missing) => void onPay(how, missing)}
      />
      <button type="button" className="link-button" onClick={onCancel} disabled={payment.status !== 'idle'}>
        Not now
      </button>
    </div>
  );
}

/**
 * The holder's own part: taken from the card held, last. "Pay my part" with a tip waits for the others (it is
 * taken the moment the last of them pays); "Pay the rest too" takes the parts nobody has paid now as well.
 */
function HolderPart({ tab, part }: { tab: Tab; part: Tab['parts'][number] }) {
  const queryClient = useQueryClient();
  const tips = useTabTips(tab, part.id, part.amount);
  const [pick, setPick] = useState<TipPick | null>(null);
  const [paying, setPaying] = useState<'mine' | 'rest' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (part.state === 'paid') return null;
  if (tips.isPending) return <Spinner label="Loading the tip choices" />;
  if (!tips.data)
    return <LoadFailed message="We couldn’t load the tip choices just now." onRetry={tips.refetch} />;
  const chosen = tipOf(pick, tips.data.choices, tips.data.maxTip).tip;
  const tip = chosen ?? tab.holderTip;
  const card = tab.hold.paidWith ?? 'your card';
  const waiting = tab.holderTip !== null && tab.outstanding > 0;
  const pay = async (coverRest: boolean) => {
    if (tip === null) return;
    setPaying(coverRest ? 'rest' : 'mine');
    setProblem(null);
    try {
      const paid = await dineInApi.close(tab.id, tip, coverRest);
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, paid.tab);
      if (paid.tab.state === 'settling') showToast('Your part is taken once everyone else has paid');
    } catch (error) {
      setProblem(failure(error, 'We couldn’t take the payment just now. Please try again in a moment.'));
    }
    setPaying(null);
  };
  return (
    <div className="di-pay-part">
      {waiting ? (
        <p className="notice" role="status">
          Your part ({formatPence(part.amount)}, tip {formatPence(tab.holderTip ?? 0)}) is taken from {card}{' '}
          the moment everyone else has paid.
        </p>
      ) : (
        <TipChooser
          preview={tips.data}
          pick={pick}
          onPick={setPick}
          disabled={paying !== null}
          legend="Add a tip to your part?"
        />
      )}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {tip === null && paying === null ? (
        <p className="field__hint">Choose a tip above, or No tip, and then you can pay.</p>
      ) : null}
      <div className="di-stack">
        {!waiting ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={tip === null || paying !== null}
            aria-busy={paying === 'mine'}
            onClick={() => void pay(false)}
          >
            {paying === 'mine'
              ? 'One moment…'
              : `Pay my part: ${formatPence(part.amount + (tip ?? 0))} from ${card}`}
          </button>
        ) : null}
        {tab.outstanding > 0 ? (
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={tip === null || paying !== null}
            aria-busy={paying === 'rest'}
            onClick={() => void pay(true)}
          >
            {paying === 'rest'
              ? 'One moment…'
              : `Pay the rest too: ${formatPence(part.amount + tab.outstanding + (tip ?? 0))} now`}
          </button>
        ) : null}
      </div>
    </div>
  );
}
