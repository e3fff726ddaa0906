import type { ReferralBlock } from '../../../contracts/rewards';
import { formatPence, formatPenceShort } from '../../../domain/money';
import { copyText } from './copy';
import { dayOf } from './dates';
import { WelcomeCard } from './welcome-card';
import './rewards.css';

// The referral on /account/rewards (decision 30): "Give £10, get £10", the customer's link to copy or share,
// the terms, and each friend who joined with how their referral stands (and why, when there is no reward).
// A customer whose own welcome came from a friend's link sees it first.

/** Whether this browser can hand the link to another app (a phone's share sheet). The account's pages
 * render in the browser only, so this never differs between a server's HTML and the first render. */
function canShareHere(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function ReferralBlockSection({ block }: { block: ReferralBlock }) {
  const canShare = canShareHere();
  const share = async () => {
    try {
      await navigator.share({ title: block.headline, text: block.shareText, url: block.link });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const { counts } = block;
  return (
    <section className="account-section referral" aria-labelledby="referral-heading">
      {block.welcome ? <WelcomeCard welcome={block.welcome} /> : null}
      <h2 id="referral-heading">{block.headline}</h2>
      <p>{block.terms}</p>
      <div className="field referral__field">
        <label htmlFor="referral-link">Your link</label>
        <input id="referral-link" readOnly value={block.link} onFocus={(e) => e.target.select()} />
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void copyText(block.link, 'Your link')}
        >
          Copy link
        </button>
        {canShare ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void share()}
          >
            Share
          </button>
        ) : null}
      </div>
      {block.emailConfirmed ? null : (
        <p className="notice notice--warning">
          Confirm your email address to receive referral credit: we’ve sent you a link. Friends can still use
          your link now.
        </p>
      )}
      <h3 className="referral__heading">Your friends</h3>
      {counts.joined === 0 ? (
        <p className="field__hint">
          No one has joined from your link yet. When a friend does, you’ll see them here, and{' '}
          {formatPenceShort(block.referrerCredit)} of credit once their first order is paid.
        </p>
      ) : (
        <>
          <p className="referral__counts">
            {count(counts.joined, 'friend joined', 'friends joined')} · {counts.rewarded} rewarded ·{' '}
            {counts.pending} waiting for a first order
            {block.earned > 0 ? ` · ${formatPence(block.earned)} earned` : ''}
          </p>
          <ul className="referral__friends">
            {block.friends.map((friend) => (
              <li key={friend.id} className={`referral-friend referral-friend--${friend.state}`}>
                <span className="referral-friend__who">
                  <strong>{friend.name}</strong>
                  <span className="referral-friend__when">Joined {dayOf(friend.joinedAt)}</span>
                </span>
                <span className="referral-friend__state">{friend.stateLabel}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
