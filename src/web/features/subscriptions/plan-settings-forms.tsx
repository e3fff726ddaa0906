import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Subscription } from '../../../contracts/subscriptions';
import { MAX_RECIPES, MIN_RECIPES } from '../../../domain/plans';
import {
  CheckboxField,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { DIETARY_HINTS, dietaryLabel, OFFERED_DIETARY_FLAGS } from './plan-text';
import { subscriptionQueries, subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';

// "Plan settings" (issue 12 part 3): what the chef puts in each box (recipes, portions, dietary flags,
// ingredients to leave out), when boxes come (day, how often), the note for the driver and the plan's name.
// Each is a form of its own with its own Save; the server writes each change in the plan's history and
// emails a receipt. A cancelled plan's settings are shown but not changed (restart it first).

type Changed = () => Promise<unknown>;

export interface SectionProps {
  plan: Subscription;
  onChanged: Changed;
  /** A cancelled plan: nothing can change until it is restarted. */
  locked: boolean;
}

const RECIPE_CHOICES = Array.from({ length: MAX_RECIPES - MIN_RECIPES + 1 }, (_, i) => MIN_RECIPES + i);

type Flag = (typeof OFFERED_DIETARY_FLAGS)[number];
type BoxValues = { numberOfRecipes: string; portions: 'regular' | 'double' } & Record<Flag, boolean>;

export function BoxesForm({ plan, onChanged, locked }: SectionProps) {
  const portionsName = useId();
  const form = useForm({
    initial: (): BoxValues => ({
      numberOfRecipes: String(plan.numberOfRecipes),
      portions: plan.doublePortion ? 'double' : 'regular',
      ...(Object.fromEntries(OFFERED_DIETARY_FLAGS.map((flag) => [flag, plan[flag]])) as Record<
        Flag,
        boolean
      >),
    }),
    onSubmit: async (values) => {
      await subscriptionsApi.update(plan.id, {
        numberOfRecipes: Number(values.numberOfRecipes),
        doublePortion: values.portions === 'double',
        ...Object.fromEntries(OFFERED_DIETARY_FLAGS.map((flag) => [flag, values[flag]])),
      });
      await onChanged();
      showToast('Saved. The chef picks your coming boxes with these settings');
    },
  });
  return (
    <form {...form.props} aria-labelledby="plan-boxes-heading">
      <h2 id="plan-boxes-heading">What’s in your boxes</h2>
      <FormError message={form.formError} />
      <fieldset className="fieldset" disabled={locked || form.busy}>
        <legend className="visually-hidden">Recipes, portions and dietary needs</legend>
        <SelectField
          label="Recipes in each box"
          hint="Each recipe is one dish for your household."
          {...form.field('numberOfRecipes')}
        >
          {RECIPE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} recipes
            </option>
          ))}
        </SelectField>
        <fieldset className="fieldset choice-list">
          <legend>Portions</legend>
          {(
            [
              ['regular', 'Regular', 'One portion of each dish.'],
              [
                'double',
                'Double portions (serves 2)',
                'Two portions of each dish, for a bigger appetite or two people.',
              ],
            ] as const
          ).map(([value, title, meta]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={portionsName}
                checked={form.values.portions === value}
                onChange={() => form.set({ portions: value })}
              />
              <span>
                <span className="choice__title">{title}</span>
                <span className="choice__meta">{meta}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="fieldset plan-flags">
          <legend>Dietary needs</legend>
          <p className="field__hint">
            The chef leaves out or keeps only what you tick here when picking your dishes. Boxes you chose
            yourself keep their dishes.
          </p>
          {OFFERED_DIETARY_FLAGS.map((flag) => (
            <div key={flag} className="plan-flag">
              <CheckboxField label={dietaryLabel(flag)} {...form.checkbox(flag)} />
              {DIETARY_HINTS[flag] ? (
                <p className="field__hint plan-flag__hint">{DIETARY_HINTS[flag]}</p>
              ) : null}
            </div>
          ))}
        </fieldset>
      </fieldset>
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={locked}>
        Save box settings
      </SubmitButton>
    </form>
  );
}

export function IngredientsForm({ plan, onChanged, locked }: SectionProps) {
  const ingredients = useQuery(subscriptionQueries.ingredients());
  const avoided = useQuery(subscriptionQueries.avoided(plan.id));
  return (
    <section aria-labelledby="plan-ingredients-heading">
      <h2 id="plan-ingredients-heading">Ingredients to leave out</h2>
      {ingredients.isPending || avoided.isPending ? (
        <Spinner label="Loading ingredients" />
      ) : ingredients.isError || avoided.isError ? (
        <LoadFailed
          message="We couldn’t load the ingredients just now."
          onRetry={() => Promise.all([ingredients.refetch(), avoided.refetch()])}
        />
      ) : (
        <AvoidForm
          key={avoided.data.join(',')}
          plan={plan}
          onChanged={onChanged}
          locked={locked}
          ingredients={ingredients.data}
          avoided={avoided.data}
        />
      )}
    </section>
  );
}

function AvoidForm({
  plan,
  onChanged,
  locked,
  ingredients,
  avoided,
}: SectionProps & { ingredients: { id: string; name: string }[]; avoided: string[] }) {
  const form = useForm({
    initial: (): Record<string, boolean> =>
      Object.fromEntries(ingredients.map((ingredient) => [ingredient.id, avoided.includes(ingredient.id)])),
    onSubmit: async (values) => {
      await subscriptionsApi.avoid(
        plan.id,
        ingredients.filter((ingredient) => values[ingredient.id]).map((ingredient) => ingredient.id),
      );
      await onChanged();
      showToast('Saved. The chef leaves those out of the boxes it picks');
    },
  });
  return (
    <form {...form.props}>
      <FormError message={form.formError} />
      <fieldset className="fieldset plan-ingredients" disabled={locked || form.busy}>
        <legend className="field__hint">
          Tick what you’d rather not have. The chef picks dishes without them.
        </legend>
        {ingredients.map((ingredient) => (
          <CheckboxField key={ingredient.id} label={ingredient.name} {...form.checkbox(ingredient.id)} />
        ))}
      </fieldset>
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={locked} variant="secondary">
        Save ingredients
      </SubmitButton>
    </form>
  );
}

export function NoteForm({ plan, onChanged, locked }: SectionProps) {
  const form = useForm({
    initial: () => ({ note: plan.deliveryNote ?? '' }),
    check: ({ note }) =>
      checked(note.length > 500 ? { note: 'Keep the note to 500 characters' } : {}, note.trim() || null),
    onSubmit: async (note) => {
      await subscriptionsApi.update(plan.id, { deliveryNote: note });
      await onChanged();
      showToast(note ? 'Saved. The driver sees your note on every box' : 'Note removed');
    },
  });
  return (
    <form {...form.props} aria-labelledby="plan-note-heading">
      <h2 id="plan-note-heading">Note for the driver</h2>
      <FormError message={form.formError} />
      <TextAreaField
        label="Delivery note (optional)"
        hint="On every box not yet dispatched. For example: the side gate is open, or which neighbour to try."
        rows={3}
        maxLength={500}
        disabled={locked || form.busy}
        {...form.field('note')}
      />
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={locked} variant="secondary">
        Save note
      </SubmitButton>
    </form>
  );
}

export function NameForm({ plan, onChanged, locked }: SectionProps) {
  const form = useForm({
    initial: () => ({ name: plan.name }),
    check: ({ name }) =>
      checked(
        name.trim() === ''
          ? { name: 'Enter a name for your plan' }
          : name.trim().length > 60
            ? { name: 'Keep the name to 60 characters' }
            : {},
        name.trim(),
      ),
    onSubmit: async (name) => {
      await subscriptionsApi.update(plan.id, { name });
      await onChanged();
      showToast('Plan name saved');
    },
  });
  return (
    <form {...form.props} aria-labelledby="plan-name-heading">
      <h2 id="plan-name-heading">Plan name</h2>
      <FormError message={form.formError} />
      <TextField
        label="Name"
        hint="Helpful when you have more than one plan."
        maxLength={60}
        disabled={locked || form.busy}
        {...form.field('name')}
      />
      <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={locked} variant="secondary">
        Save name
      </SubmitButton>
    </form>
  );
}
