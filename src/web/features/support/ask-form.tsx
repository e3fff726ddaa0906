import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Customer } from '../../../contracts/customer-model';
import type { SupportTicket, SupportTicketBody } from '../../../contracts/support';
import { formatCount } from '../../../domain/numbers';
import { EMAIL_FORMAT_MESSAGE, EMAIL_PATTERN } from '../../../contracts/email-format';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_NAME_MAX,
  SUPPORT_TOPICS,
  supportMessageProblem,
  type SupportTopic,
} from '../../../domain/support';
import { FormError, SelectField, SubmitButton, TextAreaField, TextField } from '../../shared/forms/fields';
import type { Checked, FieldErrors } from '../../shared/forms/form-errors';
import { useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { supportApi, supportQueries, type SupportOrderChoice } from './support.queries';

// The question form (issue 23 part 5; spec §2 /support): what it is about, the order (one of a signed-in
// customer's, chosen from a list: upcoming first, then past), the message with a count as it is typed, and
// for a visitor the email to answer and a name. Checked here as the server checks it (domain/support.ts);
// what the server still refuses is shown beside its field, or above the button.

interface Values {
  topic: string;
  orderId: string;
  message: string;
  email: string;
  name: string;
}

const count = formatCount;
const isTopic = (value: string | null): value is SupportTopic =>
  SUPPORT_TOPICS.some((topic) => topic.id === value);

function check(values: Values, signedIn: boolean): Checked<SupportTicketBody> {
  const errors: FieldErrors = {};
  if (!isTopic(values.topic)) errors.topic = 'Choose what your question is about';
  const problem = supportMessageProblem(values.message);
  if (problem) errors.message = problem;
  const email = values.email.trim().toLowerCase();
  if (!signedIn) {
    if (!email) errors.email = 'Enter your email address, so that we can answer you';
    else if (!EMAIL_PATTERN.test(email)) errors.email = EMAIL_FORMAT_MESSAGE;
    if (values.name.trim().length > SUPPORT_NAME_MAX)
      errors.name = `Your name must be ${SUPPORT_NAME_MAX} characters or fewer`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      topic: values.topic as SupportTopic,
      message: values.message.trim(),
      ...(signedIn
        ? { orderId: values.orderId || null }
        : { email, ...(values.name.trim() ? { name: values.name.trim() } : {}) }),
    },
  };
}

/** The order list: upcoming and past in groups; while it loads, or if it cannot, the form still works. */
function OrderSelect({ value, onChange }: { value: string; onChange: (orderId: string) => void }) {
  const choices = useQuery(supportQueries.orderChoices());
  const list = choices.data ?? [];
  const group = (label: string, orders: SupportOrderChoice[]) =>
    orders.length > 0 ? (
      <optgroup label={label}>
        {orders.map((order) => (
          <option key={order.id} value={order.id}>
            {order.label}
          </option>
        ))}
      </optgroup>
    ) : null;
  const hint = choices.isPending
    ? 'Loading your orders…'
    : choices.isError
      ? 'We couldn’t load your orders. You can still ask: put the order number in your message.'
      : list.length === 0
        ? 'You have no orders with us yet.'
        : 'Choose one of your orders, so that we can look at it straight away.';
  return (
    <SelectField
      label="Which order is it about?"
      name="orderId"
      hint={hint}
      value={value}
      disabled={choices.isPending}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Not about an order</option>
      {group(
        'Coming up',
        list.filter((order) => order.upcoming),
      )}
      {group(
        'Past orders',
        list.filter((order) => !order.upcoming),
      )}
    </SelectField>
  );
}

export function AskForm({
  customer,
  initialTopic,
  initialOrderId,
  onAsked,
}: {
  /** The signed-in customer (null: a visitor, who gives an email). */
  customer: Customer | null;
  initialTopic: string | null;
  initialOrderId: string | null;
  onAsked: (ticket: SupportTicket) => void;
}) {
  const queryClient = useQueryClient();
  const signedIn = customer !== null;
  // One key per request sent: pressing again after a lost answer sends the same one (asked once); a change
  // to the question makes it a new request, with a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const form = useForm<Values, SupportTicketBody>({
    initial: {
      topic: isTopic(initialTopic) ? initialTopic : '',
      orderId: initialOrderId ?? '',
      message: '',
      email: '',
      name: '',
    },
    check: (values) => check(values, signedIn),
    onSubmit: async (body) => {
      const sent = JSON.stringify(body);
      if (attempt.current?.body !== sent) attempt.current = { body: sent, key: randomId() };
      const ticket = await supportApi.ask(body, attempt.current.key);
      attempt.current = null;
      await queryClient.invalidateQueries({ queryKey: supportQueries.mine().queryKey });
      onAsked(ticket);
    },
  });
  const length = form.values.message.trim().length;
  const over = length > SUPPORT_MESSAGE_MAX;
  return (
    <form {...form.props} className="support-form" aria-label="Your question">
      <SelectField label="What is it about?" name="topic" {...form.field('topic')}>
        <option value="" disabled>
          Choose a topic
        </option>
        {SUPPORT_TOPICS.map((topic) => (
          <option key={topic.id} value={topic.id}>
            {topic.label}
          </option>
        ))}
      </SelectField>
      {signedIn ? (
        <OrderSelect value={form.values.orderId} onChange={(orderId) => form.set({ orderId })} />
      ) : null}
      <TextAreaField
        label="How can we help?"
        name="message"
        rows={7}
        hint={
          <span className={over ? 'support-form__count support-form__count--over' : 'support-form__count'}>
            Tell us what happened and what you’d like us to do. {count(length)} of{' '}
            {count(SUPPORT_MESSAGE_MAX)} characters
          </span>
        }
        {...form.field('message')}
      />
      {signedIn ? (
        <p className="field__hint">We’ll answer {customer.email} and in your account.</p>
      ) : (
        <>
          <TextField
            label="Your email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="We’ll send our answer here."
            {...form.field('email')}
          />
          <TextField
            label="Your name (optional)"
            name="name"
            autoComplete="name"
            maxLength={SUPPORT_NAME_MAX}
            {...form.field('name')}
          />
        </>
      )}
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Sending your question…" block>
        Send question
      </SubmitButton>
    </form>
  );
}
