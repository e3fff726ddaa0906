import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

// The fields every form is made of: a label, an optional hint, the control, and its error beside it
// (announced through aria-describedby, marked aria-invalid so focus can find it).

interface FieldFrame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Ids and attributes that tie a control to its hint and error. */
function useDescribed(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

function Field({
  label,
  hint,
  error,
  ids,
  children,
}: FieldFrame & { ids: ReturnType<typeof useDescribed>; children: ReactNode }) {
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: FieldFrame & { ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useDescribed(hint, error);
  return (
    <Field label={label} hint={hint} error={error} ids={ids}>
      <input {...ids.control} {...input} />
    </Field>
  );
}

/** A text area (a note for the driver, a gift message); `hint` may change as the customer types. */
export function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useDescribed(hint, error);
  return (
    <Field label={label} hint={hint} error={error} ids={ids}>
      <textarea className="textarea" {...ids.control} {...textarea} />
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useDescribed(hint, error);
  return (
    <Field label={label} hint={hint} error={error} ids={ids}>
      <select className="select" {...ids.control} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function CheckboxField({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A message for the whole form, announced when it appears and brought into view (with focus). */
export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus({ preventScroll: true });
  }, [message]);
  return message ? (
    <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

/**
 * A form's submit button: disabled and saying what it is doing while the form is busy ("Saving…").
 * `variant`: primary (the step's one action) or secondary (a small form beside others).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  block = false,
  variant = 'primary',
  disabled = false,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  block?: boolean;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`button button--${variant}${block ? ' button--block' : ''}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

type Bound = {
  value: string;
  error: string | undefined;
  onChange: InputHTMLAttributes<HTMLInputElement>['onChange'];
};

/** An email address, with the keyboard and autofill for one. */
export function EmailField({ label = 'Email', ...bound }: Bound & { label?: string }) {
  return (
    <TextField label={label} type="email" name="email" autoComplete="email" inputMode="email" {...bound} />
  );
}

/** First and last name side by side (one under the other on a phone). */
export function NameFields({ first, last }: { first: Bound; last: Bound }) {
  return (
    <div className="field-row">
      <TextField label="First name" name="firstName" autoComplete="given-name" {...first} />
      <TextField label="Last name" name="lastName" autoComplete="family-name" {...last} />
    </div>
  );
}

/** A new password and the same again (the schema checks they match). */
export function NewPasswordFields({
  password,
  confirm,
  hint,
}: {
  password: Bound;
  confirm: Bound;
  hint: string;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint={hint}
        {...password}
      />
      <TextField
        label="New password again"
        type="password"
        name="confirm"
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
