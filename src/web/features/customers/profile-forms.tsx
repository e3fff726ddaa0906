import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { isoDateSchema } from '../../../contracts/common';
import {
  nameSchema,
  newPasswordSchema,
  passwordSchema,
  ukPhoneSchema,
  type Customer,
} from '../../../contracts/customers';
import { ApiError } from '../../shared/api/client';
import { setCustomer } from '../../shared/customer.queries';
import { CheckboxField, FormError, TextField, validate, type FieldErrors } from '../../shared/forms';
import { showToast } from '../../shared/ui/toast';
import { accountApi } from './customers.queries';

// "Profile" (my-details): names, email, phone, date of birth, marketing preferences, paperless (sent
// 300 ms after the last change) and the password.

const detailsForm = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: z.union([z.literal(''), ukPhoneSchema]),
  dateOfBirth: z.union([z.literal(''), isoDateSchema]),
});

export function DetailsForm({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone ?? '',
    dateOfBirth: customer.dateOfBirth ?? '',
    acceptsEmails: customer.acceptsEmails,
    acceptsSms: customer.acceptsSms,
    acceptsMail: customer.acceptsMail,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(detailsForm, values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    setFormError(null);
    try {
      let latest = await accountApi.updateMe({
        firstName: values.firstName,
        lastName: values.lastName,
        acceptsEmails: values.acceptsEmails,
        acceptsSms: values.acceptsSms,
        acceptsMail: values.acceptsMail,
      });
      if ((customer.phone ?? '') !== values.phone) latest = await accountApi.setPhone(values.phone || null);
      if ((customer.dateOfBirth ?? '') !== values.dateOfBirth) {
        latest = await accountApi.setDateOfBirth(values.dateOfBirth || null);
      }
      setCustomer(queryClient, latest);
      setValues((v) => ({ ...v, phone: latest.phone ?? '' }));
      showToast('Your details are saved');
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="account-section" aria-labelledby="details-heading">
      <h2 id="details-heading">Your details</h2>
      <FormError message={formError} />
      <div className="field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={customer.email}
        readOnly
        hint="To change your email, contact us."
      />
      <TextField
        label="Mobile or phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="A UK number, for delivery updates."
        value={values.phone}
        error={errors.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        value={values.dateOfBirth}
        error={errors.dateOfBirth}
        onChange={(e) => set({ dateOfBirth: e.target.value })}
      />
      <fieldset className="fieldset">
        <legend>Tell me about new menus and offers by</legend>
        <CheckboxField
          label="Email"
          checked={values.acceptsEmails}
          onChange={(e) => set({ acceptsEmails: e.target.checked })}
        />
        <CheckboxField
          label="Text message"
          checked={values.acceptsSms}
          onChange={(e) => set({ acceptsSms: e.target.checked })}
        />
        <CheckboxField
          label="Post"
          checked={values.acceptsMail}
          onChange={(e) => set({ acceptsMail: e.target.checked })}
        />
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}

export const PAPERLESS_DEBOUNCE_MS = 300;

/** Paperless: the switch moves at once; the last position is sent 300 ms after the last change. */
export function PaperlessToggle({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const [on, setOn] = useState(customer.paperless);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const change = (next: boolean) => {
    setOn(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setStatus('saving');
      accountApi
        .setPaperless(next)
        .then((latest) => {
          setCustomer(queryClient, latest);
          setStatus('saved');
        })
        .catch(() => {
          setOn(!next);
          setStatus('failed');
        });
    }, PAPERLESS_DEBOUNCE_MS);
  };
  return (
    <section className="account-section" aria-labelledby="paperless-heading">
      <h2 id="paperless-heading">Paperless</h2>
      <div className="switch-row">
        <label htmlFor="paperless-switch">No paper recipe cards or leaflets in my box</label>
        <input
          id="paperless-switch"
          type="checkbox"
          role="switch"
          className="switch"
          checked={on}
          aria-describedby="paperless-status"
          onChange={(e) => change(e.target.checked)}
        />
      </div>
      <p id="paperless-status" className="field__hint" role="status">
        {status === 'saving'
          ? 'Saving…'
          : status === 'saved'
            ? 'Saved'
            : status === 'failed'
              ? 'Couldn’t save. Please try again.'
              : ''}
      </p>
    </section>
  );
}

const passwordForm = z
  .object({ currentPassword: passwordSchema, password: newPasswordSchema, confirm: z.string() })
  .check(
    z.refine((v) => v.password === v.confirm, { message: 'The passwords don’t match', path: ['confirm'] }),
  );

export function PasswordForm({ customer }: { customer: Customer }) {
  const [values, setValues] = useState({ currentPassword: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  if (!customer.hasPassword) {
    return (
      <section className="account-section" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>
          You sign in with Google, Facebook, Apple or email links. To add a password, use “Forgot password” on
          the log-in page.
        </p>
      </section>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(passwordForm, values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    setFormError(null);
    try {
      await accountApi.changePassword(checked.data.currentPassword, checked.data.password);
      setValues({ currentPassword: '', password: '', confirm: '' });
      showToast('Password changed. You’re signed out on your other devices.');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setErrors({ currentPassword: error.message });
      } else setFormError("Couldn't update password");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <FormError message={formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(e) => set({ currentPassword: e.target.value })}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        error={errors.password}
        onChange={(e) => set({ password: e.target.value })}
      />
      <TextField
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => set({ confirm: e.target.value })}
      />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
