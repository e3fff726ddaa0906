// What a form shows as wrong, as pure functions (the React side is in forms.tsx). The rules (issue 9,
// item 3): an error appears when the customer submits; from then on it follows its field, re-checked on
// every change, and goes as soon as the field is right; a problem only the server could see stays until
// the field it is about changes; a message for the whole form stays until anything in the form changes.

export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export interface ErrorState {
  /** The fields that were wrong at the last submit. */
  flagged: readonly string[];
  /** Problems the server found with fields, each with the values it was about. */
  reported: readonly { key: string; message: string; about: Record<string, unknown> }[];
  /** A message for the whole form, with the values it was about. */
  form: { message: string; about: Record<string, unknown> } | null;
}

export const NO_ERRORS: ErrorState = { flagged: [], reported: [], form: null };

type Values = object;

const valueOf = (values: Values, key: string): unknown => (values as Record<string, unknown>)[key];

function snapshot(values: Values, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, valueOf(values, key)]));
}

function unchanged(values: Values, about: Record<string, unknown>): boolean {
  return Object.entries(about).every(([key, value]) => Object.is(valueOf(values, key), value));
}

/** After a submit: the fields found wrong now are the ones that follow their checks from here on. */
export function submitted(current: FieldErrors): ErrorState {
  return { flagged: Object.keys(current), reported: [], form: null };
}

/** The server found `message` wrong with `key`; it stays until one of `dependsOn` (the field) changes. */
export function reported(
  state: ErrorState,
  values: Values,
  key: string,
  message: string,
  dependsOn: readonly string[] = [key],
): ErrorState {
  return {
    ...state,
    reported: [
      ...state.reported.filter((r) => r.key !== key),
      { key, message, about: snapshot(values, dependsOn) },
    ],
  };
}

/** A message for the whole form (a failed request): it stays until anything in the form changes. */
export function failed(state: ErrorState, values: Values, message: string | null): ErrorState {
  return {
    ...state,
    form: message === null ? null : { message, about: snapshot(values, Object.keys(values)) },
  };
}

/**
 * The errors to show beside the fields: a flagged field's current problem (none once it is right), and
 * what the server said about a field the customer has not changed since.
 */
export function visibleErrors(state: ErrorState, current: FieldErrors, values: Values): FieldErrors {
  const shown: FieldErrors = {};
  for (const key of state.flagged) {
    const problem = current[key];
    if (problem !== undefined) shown[key] = problem;
  }
  for (const problem of state.reported) {
    if (unchanged(values, problem.about)) shown[problem.key] ??= problem.message;
  }
  return shown;
}

/** The whole form's message, until the form changes. */
export function visibleFormError(state: ErrorState, values: Values): string | null {
  return state.form && unchanged(values, state.form.about) ? state.form.message : null;
}
