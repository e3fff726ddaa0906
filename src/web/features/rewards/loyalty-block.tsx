import { Link } from '../../shared/router';
import type { LoyaltyBlock, LoyaltyReward } from '../../../contracts/rewards';
import { formatPenceShort } from '../../../domain/money';
import { copyText } from './copy';
import { dateLabel } from './dates';
import './rewards.css';

// Plan loyalty on /account/rewards (decision 30): each plan's progress to its next reward and the codes it
// has earned, each with whether it was used; a customer without a plan reads what one would bring.

function RewardCode({ reward, planActive }: { reward: LoyaltyReward; planActive: boolean }) {
  const usable = !reward.used && !reward.expired;
  return (
    <li className="loyalty-reward">
      <span className="offer__code">
        <code>{reward.code}</code>
        {usable ? (
          <button
            type="button"
            className="button button--link"
            onClick={() => void copyText(reward.code, 'Your code')}
            aria-label={`Copy the code ${reward.code}`}
          >
            Copy
          </button>
        ) : null}
      </span>
      <span>
        {formatPenceShort(reward.discount)} off a box ·{' '}
        {reward.used
          ? 'Used'
          : reward.expired
            ? `Expired${reward.endDate ? ` on ${dateLabel(reward.endDate)}` : ''}`
            : reward.endDate
              ? `Until ${dateLabel(reward.endDate)}`
              : 'Ready to use'}
      </span>
      {usable && planActive ? (
        <Link
          className="button button--secondary button--small"
          to={`/next-order-voucher?vc=${encodeURIComponent(reward.code)}`}
        >
          Use on my next box
        </Link>
      ) : null}
    </li>
  );
}

export function LoyaltyBlockSection({ block }: { block: LoyaltyBlock }) {
  return (
    <section className="account-section loyalty" aria-labelledby="loyalty-heading">
      <h2 id="loyalty-heading">Pasta plan rewards</h2>
      <p>{block.terms}</p>
      {block.plans.length === 0 ? (
        <p>
          <Link to="/menu">Start a pasta plan</Link> and every {block.every} paid boxes bring{' '}
          {formatPenceShort(block.discount)} off a box.
        </p>
      ) : (
        block.plans.map((plan) => (
          <div key={plan.subscriptionId} className="loyalty__plan">
            {block.plans.length > 1 ? <h3>{plan.name}</h3> : null}
            <label className="loyalty__progress">
              <span>{plan.progress.text}</span>
              <progress max={block.every} value={plan.progress.done} />
            </label>
            {plan.rewards.length > 0 ? (
              <>
                <h3 className="loyalty__heading">Codes you’ve earned</h3>
                <ul className="loyalty__rewards">
                  {[...plan.rewards].reverse().map((reward) => (
                    <RewardCode key={reward.id} reward={reward} planActive={plan.active} />
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ))
      )}
    </section>
  );
}
