import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, NetworkError } from '../../shared/api/client';
import { FormError, SubmitButton } from '../../shared/forms/fields';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { accountApi, accountQueries } from './customers.queries';
import './allergen-profile.css';

// The allergen profile in the profile page (issue 13 part 5): which of the 14 UK allergens the customer
// avoids, set once and used by every channel. The takeaway menu marks the dishes that contain them, the
// checkout asks to confirm them, and the kitchen sees them on the ticket.

export function AllergenProfileSection({ onSaved }: { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  const profile = useQuery(accountQueries.allergens());
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = chosen ?? new Set(profile.data?.codes ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const codes = (profile.data?.options ?? []).map((o) => o.code).filter((code) => current.has(code));
    accountApi.setAllergens(codes).then(
      (saved) => {
        queryClient.setQueryData(accountQueries.allergens().queryKey, saved);
        setChosen(null);
        setBusy(false);
        onSaved?.();
        showToast(saved.codes.length > 0 ? 'Your allergens are saved' : 'Your allergen profile is cleared');
      },
      (failure: unknown) => {
        setBusy(false);
        setError(
          failure instanceof ApiError || failure instanceof NetworkError
            ? failure.message
            : 'Something went wrong',
        );
      },
    );
  };

  return (
    <section id="allergens" className="account-section allergen-profile" aria-labelledby="allergens-heading">
      <h2 id="allergens-heading">Allergens</h2>
      <p className="allergen-profile__intro">
        Tell us what you must avoid. We’ll mark the takeaway dishes that contain it, ask you to check before
        you order, and show it to the kitchen with your order.
      </p>
      {profile.isPending ? (
        <Spinner label="Loading your allergens" />
      ) : profile.isError ? (
        <p className="notice notice--error" role="alert">
          Couldn’t load your allergens. Please try again later.
        </p>
      ) : (
        <form onSubmit={submit} aria-labelledby="allergens-heading">
          <FormError message={error} />
          <fieldset className="fieldset">
            <legend>I must avoid</legend>
            <div className="allergen-profile__options">
              {profile.data.options.map((option) => (
                <label key={option.code} className="allergen-profile__option">
                  <input
                    type="checkbox"
                    checked={current.has(option.code)}
                    onChange={(e) => {
                      const next = new Set(current);
                      if (e.target.checked) next.add(option.code);
                      else next.delete(option.code);
                      setChosen(next);
                    }}
                  />
                  <span>{option.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton busy={busy} busyLabel="Saving…" variant="secondary" disabled={chosen === null}>
            Save allergens
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
