import { Link } from '../../shared/router';
import type { ReferralWelcome } from '../../../contracts/rewards';
import { formatPenceShort } from '../../../domain/money';
import { copyText } from './copy';
import { dateLabel } from './dates';

// The customer's own welcome, when a friend's link brought them (decision 30): the code to use on a first
// order, or what became of it (used, expired), or why it could not be given.

export function WelcomeCard({ welcome }: { welcome: ReferralWelcome }) {
  const minimum = welcome.minimumSpend > 0 ? ` of ${formatPenceShort(welcome.minimumSpend)} or more` : '';
  return (
    <section className="reward-welcome" aria-labelledby="welcome-heading">
      <h3 id="welcome-heading">Your welcome from {welcome.referrerName}</h3>
      {welcome.state === 'refused' ? (
        <p className="notice notice--warning">{welcome.problem}</p>
      ) : welcome.state === 'used' ? (
        <p>
          You used your welcome code <strong>{welcome.code}</strong>. Thank you for joining us.
        </p>
      ) : welcome.state === 'expired' ? (
        <p>
          Your welcome code {welcome.code ? <strong>{welcome.code}</strong> : null} expired
          {welcome.endDate ? ` on ${dateLabel(welcome.endDate)}` : ''}.
        </p>
      ) : (
        <>
          <p>{welcome.offer}.</p>
          <p className="offer__code">
            <span className="visually-hidden">Your code: </span>
            <code>{welcome.code}</code>
            <button
              type="button"
              className="button button--link"
              onClick={() => void copyText(welcome.code!, 'Your code')}
              aria-label={`Copy the code ${welcome.code}`}
            >
              Copy
            </button>
          </p>
          <p className="field__hint">
            Enter it at checkout: {formatPenceShort(welcome.discount)} off your first order{minimum}
            {welcome.endDate ? `, until ${dateLabel(welcome.endDate)}` : ''}. It works only when you’re signed
            in.
          </p>
          <Link className="button button--primary button--small" to="/menu">
            Use on my first order
          </Link>
        </>
      )}
    </section>
  );
}
