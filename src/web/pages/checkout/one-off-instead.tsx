import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '../../shared/router';
import { formatPence, pence } from '../../../domain/money';
import { makeOneOffBox } from '../../features/baskets/one-off-box';
import { ONE_OFF_FLOW } from '../../features/checkout/flows';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { FormError } from '../../shared/forms/fields';
import { shopQueries } from '../../shared/shop.queries';

// For a customer who did not mean to start a plan (issue 19 item 6): the same dishes as a one-off box, one
// delivery and nothing more charged, through the one-off checkout. The plan's basket becomes the one-off
// box's (the two never mix: while a one-off box holds dishes already, the shop says so and nothing moves).

export function OneOffInstead({ basketId, disabled }: { basketId: string; disabled: boolean }) {
  const { data: settings } = useQuery(shopQueries.settings());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fee = settings ? formatPence(pence(settings.oneOffFee)) : null;

  const buyOnce = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await makeOneOffBox(queryClient, basketId);
      await navigate(ONE_OFF_FLOW.base);
    } catch (error) {
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t move your dishes just now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="one-off-instead">
      <p>
        <strong>Just this once?</strong> Buy the same dishes as a one-off box instead: one delivery, no plan,
        nothing more charged{fee ? `, with the one-off box fee of ${fee}` : ', with the one-off box fee'}.
      </p>
      <FormError message={problem} />
      {disabled ? null : (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void buyOnce()}
          disabled={busy}
        >
          {busy ? 'Moving your dishes…' : 'Buy as a one-off box instead'}
        </button>
      )}
    </div>
  );
}
