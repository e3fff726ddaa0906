import type { ReceiptRowKind } from '../../../domain/receipt';
import type { EmailMessage, EmailTemplate } from './index';
import { escapeHtml } from './html';

// The emails the shop sends about an account (spec §6). Each template is one small letter: a heading,
// paragraphs and buttons, rendered twice from the same words: plain text that reads well on its own, and
// HTML with inline styles only (email clients drop <style> and never load our CSS). No remote images, no
// tracking. Links are absolute URLs made by the caller; the lifetimes quoted here are those of the tokens
// behind them (modules/auth/one-time-tokens.ts TOKEN_LIFETIME_MS): change both together.

const SAGE = '#576458';
const TERRACOTTA = '#a8431f';
const CREAM = '#fbf8f3';
const INK = '#2f2a26';
const MUTED = '#5f5a55';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** A cell of an order's table. */
const CELL = `font-family:${FONT};font-size:15px;line-height:1.4;color:${INK};vertical-align:top`;

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'order'; order: EmailOrder }
  | { kind: 'totals'; rows: EmailTotals }
  /** Links to choose from, one a row (an email's five stars): `text` (decorative) then `title` in words. */
  | { kind: 'choices'; choices: { text: string; title: string; url: string }[] };

/**
 * Money rows as a receipt shows them (domain/receipt.ts): [label, formatted value, kind]. A total and what was
 * charged are in bold; without kinds, the last row is the total.
 */
export type EmailTotals = [label: string, value: string, kind?: ReceiptRowKind][];

/** One line of an order as the emails list it: "2 × Crab & Chilli Linguine, Regular, £11.50 each  £23.00". */
export interface EmailOrderLine {
  quantity: number;
  title: string;
  /** "Regular", "Double Portion (Serves 2)"; null for a product sold in one default size. */
  portion: string | null;
  /** Formatted, "£11.50". */
  unitPrice: string;
  /** Formatted line total, "£23.00", or "Free". */
  total: string;
}

/** An order in an email: its number and day, where it goes, every line, and its totals. */
export interface EmailOrder {
  number: number;
  /** "Monday 23 November". */
  deliveryDate: string;
  /** "10 Downing Street, London, SW1A 2AA". */
  address: string;
  lines: EmailOrderLine[];
  /**
   * Formatted: [["Dishes", "£57.80", "item"], ["Delivery", "Free", "fee"], ["Total", "£57.80", "total"]],
   * then what paid for it when it was paid on its own (store credit used, charged to the card).
   */
  totals: EmailTotals;
}

export interface Letter {
  to: string;
  template: EmailTemplate;
  subject: string;
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string;
  greeting: string;
  blocks: Block[];
  signOff?: string;
  /** Why this email came, in the footer. */
  reason: string;
}

export const p = (text: string): Block => ({ kind: 'p', text });
export const choices = (list: { text: string; title: string; url: string }[]): Block => ({
  kind: 'choices',
  choices: list.map((choice) => ({ ...choice, url: absoluteUrl(choice.url) })),
});
export const button = (label: string, url: string): Block => ({
  kind: 'button',
  label,
  url: absoluteUrl(url),
});

/**
 * Sent at sign-up (decision 18): the account already works; confirming ties it to this inbox. The link only
 * confirms in a browser signed in to the account, and the one who never signed up is told how to take the
 * address back (a reset, which clears the password of an unconfirmed account).
 */
export function confirmSignUp({
  to,
  firstName,
  link,
  resetLink,
}: {
  to: string;
  firstName: string;
  link: string;
  resetLink: string;
}) {
  return render({
    to,
    template: 'confirm_sign_up',
    subject: 'Please confirm your email for your Sfoglia account',
    preview: 'Your account is ready. One click confirms your email.',
    heading: 'Confirm your email',
    greeting: greeting(firstName),
    blocks: [
      p(
        'Thank you for signing up to Sfoglia: your account is ready to use. Please confirm this is your email address, so that your account, saved cards and credit stay safely yours.',
      ),
      button('Confirm my email', link),
      p(
        'The link works once, for 24 hours. If you are not signed in on the device where you open it, we’ll ask you to log in first.',
      ),
      p(
        'Didn’t sign up? Someone may have typed your address by mistake. Choose a password of your own and the account is yours; whoever made it is signed out:',
      ),
      button('Make this account mine', resetLink),
    ],
    reason: 'You’re receiving this because this address was used to sign up at Sfoglia.',
  });
}

export function accountExists({
  to,
  signInLink,
  resetLink,
}: {
  to: string;
  signInLink: string;
  resetLink: string;
}) {
  return render({
    to,
    template: 'account_exists',
    subject: 'You already have a Sfoglia account',
    preview: 'Here’s a quick way back in.',
    heading: 'You already have an account',
    greeting: 'Hello,',
    blocks: [
      p(
        'Someone, probably you, just tried to sign up to Sfoglia with this email address, but it already has an account with us. Here’s a quick way back in:',
      ),
      button('Sign me in', signInLink),
      p(
        'That link works once, for 15 minutes. Forgotten your password? Choose a new one here (this link lasts 1 hour):',
      ),
      button('Reset my password', resetLink),
      p('If it wasn’t you, you can ignore this email. Nothing has changed on your account.'),
    ],
    reason: 'You’re receiving this because this address was used to sign up at Sfoglia.',
  });
}

export function welcome({ to, firstName }: { to: string; firstName: string }) {
  return render({
    to,
    template: 'welcome',
    subject: 'Welcome to Sfoglia',
    preview: 'Your account is ready. Welcome to the kitchen.',
    heading: 'Welcome to the kitchen',
    greeting: greeting(firstName),
    blocks: [
      p(
        'Your Sfoglia account is all set. We roll our pasta fresh every week and pack it with everything you need for a proper plate of pasta at home, most of it ready in about 15 minutes.',
      ),
      p(
        'Sign in whenever you like to choose your dishes, keep your delivery addresses in one place and check out in a few taps.',
      ),
      p('If you have a question, just reply to this email: it comes straight to us.'),
    ],
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you have just set up a Sfoglia account.',
  });
}

/** After a checkout is paid: each box, its day and address, every dish on its own line, and what was paid. */
export function orderConfirmation({
  to,
  firstName,
  orders,
  paid,
  link,
  plan,
}: {
  to: string;
  firstName: string;
  orders: EmailOrder[];
  /** What paid for the orders together, when there are several (one order's are in its own totals). */
  paid: EmailTotals;
  link: string;
  /** The weekly plan the order started: its terms in words, and where to manage or cancel it. */
  plan?: { paragraphs: string[]; link: string };
}) {
  const booked =
    orders.length > 1 ? `Your ${orders.length} Sfoglia boxes are booked` : 'Your Sfoglia box is booked';
  return render({
    to,
    template: 'order_confirmation',
    subject: plan ? `${booked}: your weekly pasta plan has started` : booked,
    preview: `Order ${orders.map((order) => `#${order.number}`).join(', ')}: delivery ${orders[0]?.deliveryDate ?? ''}`,
    heading: 'Grazie! Your order is in',
    greeting: greeting(firstName),
    blocks: [
      p(
        orders.length > 1
          ? `Thank you for your order. Here are your ${orders.length} boxes and what is in each.`
          : 'Thank you for your order. Here is your box and what is in it.',
      ),
      ...orders.map((order): Block => ({ kind: 'order', order })),
      ...paidBlock(paid),
      ...(plan ? [...plan.paragraphs.map(p), button('Skip, pause or cancel your plan', plan.link)] : []),
      button('See your orders', link),
    ],
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you placed an order with Sfoglia.',
  });
}

/**
 * To the buyer of a gift, once it is paid: who it is for and when it arrives, what is in it and what it cost,
 * the card's message, and whether the recipient is told.
 */
export function giftConfirmation({
  to,
  firstName,
  recipientName,
  recipientTold,
  message,
  deliveryDay,
  order,
  link,
}: {
  to: string;
  firstName: string;
  recipientName: string;
  /** Whether the recipient gets our "a gift is on its way" email (the buyer gave their address). */
  recipientTold: boolean;
  message: string | null;
  /** "Thu 26 Nov", for the subject. */
  deliveryDay: string;
  /** With what paid for it in its totals. */
  order: EmailOrder;
  link: string;
}) {
  return render({
    to,
    template: 'gift_confirmation',
    subject: `Your gift for ${recipientName} arrives on ${deliveryDay}`,
    preview: `Order #${order.number}: delivery ${order.deliveryDate} to ${recipientName}.`,
    heading: 'Your gift is booked',
    greeting: greeting(firstName),
    blocks: [
      p(
        `Thank you. Your gift for ${recipientName} arrives on ${order.deliveryDate} at ${order.address}, packed to stay fresh.`,
      ),
      { kind: 'order', order },
      ...(message ? [p(`The card says: “${message}”`)] : []),
      p(
        recipientTold
          ? `We’ve emailed ${recipientName} to say it’s coming and when, with your message and without the price.`
          : `We haven’t told ${recipientName} it’s coming, so it can be a surprise.`,
      ),
      button('See your orders', link),
      p('Any questions about the gift? Just reply to this email: it comes straight to us.'),
    ],
    signOff: 'Grazie,',
    reason: 'You’re receiving this because you sent a gift from Sfoglia.',
  });
}

/** What paid for several orders together, as a table after them; nothing when each order says it. */
function paidBlock(rows: EmailTotals): Block[] {
  return rows.length > 0 ? [{ kind: 'totals', rows }] : [];
}

/**
 * To a gift's recipient, when the buyer gave their email: who it is from, what and when, and the card's
 * message. Never the price.
 */
export function giftOnItsWay({
  to,
  recipientName,
  senderName,
  box,
  deliveryDate,
  message,
}: {
  to: string;
  recipientName: string;
  senderName: string;
  box: string;
  deliveryDate: string;
  message: string | null;
}) {
  return render({
    to,
    template: 'gift_on_its_way',
    subject: `${senderName} has sent you a Sfoglia gift box`,
    preview: `${box}, arriving ${deliveryDate}.`,
    heading: 'A gift is on its way',
    greeting: greeting(recipientName),
    blocks: [
      p(
        `${senderName} has sent you ${box}. It arrives on ${deliveryDate}, packed to stay fresh: pop it in the fridge when it comes.`,
      ),
      ...(message ? [p(`Their message: “${message}”`)] : []),
      p('Everything you need is in the box, with a recipe card for each dish.'),
    ],
    signOff: 'Buon appetito,',
    reason: `You’re receiving this because ${senderName} sent you a gift from Sfoglia and gave us your email.`,
  });
}

export function passwordReset({ to, link }: { to: string; link: string }) {
  return render({
    to,
    template: 'password_reset',
    subject: 'Reset your Sfoglia password',
    preview: 'Choose a new password. The link lasts 1 hour.',
    heading: 'Choose a new password',
    greeting: 'Hello,',
    blocks: [
      p('We’ve had a request to reset the password for your Sfoglia account. Choose a new one here:'),
      button('Choose a new password', link),
      p(
        'The link works once and expires in 1 hour. If you didn’t ask for this, just ignore this email and your password stays as it is.',
      ),
    ],
    reason: 'You’re receiving this because a password reset was asked for at Sfoglia.',
  });
}

export function passwordChanged({ to }: { to: string }) {
  return render({
    to,
    template: 'password_changed',
    subject: 'Your Sfoglia password has been changed',
    preview: 'We’ve signed you out on your other devices.',
    heading: 'Your password has been changed',
    greeting: 'Hello,',
    blocks: [
      p(
        'The password for your Sfoglia account has just been changed. To keep your account safe, we’ve signed you out on your other devices.',
      ),
      p(
        'If this was you, there’s nothing more to do. If it wasn’t, reset your password now: choose “Forgot your password?” on the log-in page, then reply to this email so we can help.',
      ),
    ],
    reason: 'You’re receiving this because the password of your Sfoglia account changed.',
  });
}

export function signInLink({ to, link }: { to: string; link: string }) {
  return render({
    to,
    template: 'sign_in_link',
    subject: 'Your sign-in link',
    preview: 'Sign in to Sfoglia without a password. The link lasts 15 minutes.',
    heading: 'Your sign-in link',
    greeting: 'Hello,',
    blocks: [
      p('Here’s your link to sign in to Sfoglia, no password needed:'),
      button('Sign me in', link),
      p(
        'It works once and expires in 15 minutes. If you didn’t ask for it, just ignore this email: nobody can sign in without the link.',
      ),
    ],
    reason: 'You’re receiving this because a sign-in link was asked for at Sfoglia.',
  });
}

export function accountSetup({ to, firstName, link }: { to: string; firstName: string; link: string }) {
  return render({
    to,
    template: 'account_setup',
    subject: 'Set a password for your Sfoglia account',
    preview: 'Choose a password to follow your orders and check out faster.',
    heading: 'Set a password for your account',
    greeting: greeting(firstName),
    blocks: [
      p(
        'Thank you for your order. We made a Sfoglia account with this email address when you ordered, so you can follow your orders and check out faster next time. Choose a password to start using it:',
      ),
      button('Set my password', link),
      p(
        'The link works once and expires in 3 days. If it runs out, choose “Forgot your password?” on the log-in page for a new one.',
      ),
    ],
    reason: 'You’re receiving this because you ordered from Sfoglia with this email address.',
  });
}

/**
 * A paid takeaway or catering order (issue 13): where it is cooked, when it comes or can be collected, every
 * dish with its choices, the allergens the customer told us about, and a link to follow it. It has been sent
 * to the restaurant, not accepted yet (issue 19): it says so, and what happens if it is not.
 */
export function takeawayConfirmation({
  to,
  firstName,
  restaurant,
  when,
  acceptBy,
  delivery,
  order,
  allergens,
  link,
}: {
  to: string;
  firstName: string;
  restaurant: string;
  /** "between 13:05 and 13:20 today". */
  when: string;
  /** "12:35", or "11:35 on Thursday 19 November": when it is cancelled and refunded unless accepted. */
  acceptBy: string;
  delivery: boolean;
  order: EmailOrder;
  /** The customer's allergen profile as names, or empty. */
  allergens: string[];
  /** The order's public tracking page. */
  link: string;
}) {
  return render({
    to,
    template: 'takeaway_confirmation',
    subject: `Order #${order.number} sent to ${restaurant}`,
    preview: `Waiting for ${restaurant} to accept it.`,
    heading: 'Grazie! We’ve sent your order',
    greeting: greeting(firstName),
    blocks: [
      p(
        `We’ve sent your order to ${restaurant} and we’re waiting for them to accept it. If they haven’t ` +
          `by ${acceptBy}, we’ll cancel it, refund you in full and tell you where else to order.`,
      ),
      p(
        delivery
          ? `Once they accept it, it’s due at ${order.address} ${when}.`
          : `Once they accept it, it will be ready for you at ${order.address} ${when}.`,
      ),
      { kind: 'order', order },
      ...(allergens.length > 0
        ? [
            p(
              `You told us you avoid ${allergens.join(', ').toLowerCase()}. The kitchen sees this on your ticket and checks it before cooking.`,
            ),
          ]
        : []),
      button('Follow your order', link),
      p('Anyone you share this link with can follow the order too; it shows only your first name.'),
    ],
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you ordered from a Sfoglia restaurant.',
  });
}

/**
 * A takeaway turned down, by the kitchen or because no one accepted it in time (issue 19): why, that the money
 * is back, and the nearest other restaurant to order from instead.
 */
export function takeawayRejected({
  to,
  firstName,
  restaurant,
  number,
  why,
  refunded,
  creditBack,
  elsewhere,
  link,
  searchLink,
}: {
  to: string;
  firstName: string;
  restaurant: string;
  number: number;
  /** What the kitchen told us, or how long it had to accept. */
  why: { by: 'kitchen'; reason: string } | { by: 'timeout'; minutes: string };
  /** "£24.50 to your card", or null when nothing was charged to a card. */
  refunded: string | null;
  /** "£5.00", store credit given back, or null. */
  creditBack: string | null;
  /**
   * The nearest other restaurant open for this order ("1.2 miles away", "0.8 miles from Sfoglia Soho"), and
   * the link that starts a basket there.
   */
  elsewhere: { name: string; distance: string; link: string } | null;
  /** The order's public tracking page. */
  link: string;
  /** Where to find another restaurant when none is near. */
  searchLink: string;
}) {
  const money = [
    refunded ? `We’ve refunded ${refunded}: it usually shows in 3 to 5 working days.` : null,
    creditBack ? `The ${creditBack} of store credit you used is back in your account.` : null,
  ].filter((line): line is string => line !== null);
  const what =
    why.by === 'kitchen'
      ? `${restaurant} couldn’t make your order #${number}. They told us: “${why.reason}”`
      : `${restaurant} didn’t accept your order #${number} within ${why.minutes}, so we’ve cancelled it rather than keep you waiting.`;
  return render({
    to,
    template: 'takeaway_rejected',
    subject:
      why.by === 'kitchen'
        ? `Sorry, ${restaurant} couldn’t make your order #${number}`
        : `Sorry, ${restaurant} didn’t accept your order #${number}`,
    preview: 'We’ve refunded you in full.',
    heading: 'We’re sorry',
    greeting: greeting(firstName),
    blocks: [
      p(what),
      ...(money.length > 0 ? money : ['Nothing was charged for this order.']).map(p),
      ...(elsewhere
        ? [
            p(`${elsewhere.name} is open today, ${elsewhere.distance}. Your dishes can go there instead.`),
            button(`Order from ${elsewhere.name}`, elsewhere.link),
          ]
        : [button('Find another restaurant', searchLink)]),
      button('See your order', link),
    ],
    signOff: 'With apologies,',
    reason: 'You’re receiving this because you ordered from a Sfoglia restaurant.',
  });
}

/** A delivery that came after its promised window: the credit we added, without being asked. */
export function lateDeliveryCredit({
  to,
  firstName,
  number,
  promised,
  arrived,
  credit,
  rule,
}: {
  to: string;
  firstName: string;
  number: number;
  /** "13:05 – 13:20". */
  promised: string;
  /** "13:34". */
  arrived: string;
  credit: string;
  rule: string;
}) {
  return render({
    to,
    template: 'late_delivery_credit',
    subject: `Sorry your order was late: ${credit} of credit is yours`,
    preview: `Order #${number} arrived at ${arrived}, after the ${promised} we promised.`,
    heading: 'Sorry we were late',
    greeting: greeting(firstName),
    blocks: [
      p(`Your order #${number} arrived at ${arrived}, after the ${promised} we promised.`),
      p(`We’ve added ${credit} of store credit to your account. It comes off your next order.`),
      p(rule),
    ],
    signOff: 'Grazie for your patience,',
    reason: 'You’re receiving this because a Sfoglia takeaway reached you later than promised.',
  });
}

/**
 * "Hello Anna," when the first name reads as a name, else "Hello,". Names are typed by whoever fills in a
 * form, and a sign-up can send mail to an address its author does not own: a "name" carrying a web address
 * or markup must not become a message from us.
 */
export function greeting(firstName: string): string {
  const name = firstName.replace(/\s+/g, ' ').trim();
  const nameLike = /^\p{L}[\p{L}\p{M}'’. -]{0,39}$/u.test(name) && !/\.\p{L}{2}/u.test(name);
  return nameLike ? `Hello ${name},` : 'Hello,';
}

function absoluteUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('An email link must be an absolute URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('An email link must be an http(s) URL');
  }
  return url;
}

export function render(letter: Letter): EmailMessage {
  return {
    to: letter.to,
    template: letter.template,
    subject: letter.subject,
    text: renderText(letter),
    html: renderHtml(letter),
  };
}

/** "2 × Crab & Chilli Linguine, Regular, £11.50 each". */
function lineText(line: EmailOrderLine): string {
  const each = line.quantity > 1 ? `${line.unitPrice} each` : null;
  return [`${line.quantity} × ${line.title}`, line.portion, each].filter(Boolean).join(', ');
}

/** An order as plain text: its title, then each dish and each total on its own line. */
function orderText(order: EmailOrder): string {
  return [
    `Order #${order.number}, ${order.deliveryDate}`,
    `To: ${order.address}`,
    ...order.lines.map((line) => `${lineText(line)}: ${line.total}`),
    ...totalsText(order.totals),
  ].join('\n');
}

const totalsText = (rows: EmailTotals) => rows.map(([label, value]) => `${label}: ${value}`);

function renderText(letter: Letter): string {
  const body = letter.blocks.map((block) =>
    block.kind === 'p'
      ? block.text
      : block.kind === 'order'
        ? orderText(block.order)
        : block.kind === 'totals'
          ? totalsText(block.rows).join('\n')
          : block.kind === 'choices'
            ? block.choices.map((choice) => `${choice.title}:\n${choice.url}`).join('\n\n')
            : `${block.label}:\n${block.url}`,
  );
  return (
    [
      letter.greeting,
      ...body,
      `${letter.signOff ?? 'Warm wishes,'}\nThe Sfoglia kitchen`,
      `--\nSfoglia, fresh pasta made by hand\n${letter.reason}`,
    ].join('\n\n') + '\n'
  );
}

/** An order as a table: a row per dish (how many, the dish and its portion, the price), then the totals. */
function orderHtml(order: EmailOrder): string {
  const cell = CELL;
  const small = `display:block;font-size:13px;color:${MUTED}`;
  const rows = order.lines
    .map((line) => {
      const detail = [line.portion, line.quantity > 1 ? `${line.unitPrice} each` : null]
        .filter(Boolean)
        .join(' · ');
      return (
        `<tr><td width="1%" style="${cell};padding:8px 8px 8px 0;border-top:1px solid #e8e1d6;white-space:nowrap;color:${MUTED}">${line.quantity} ×</td>` +
        `<td style="${cell};padding:8px 8px 8px 0;border-top:1px solid #e8e1d6"><strong>${escapeHtml(line.title)}</strong>` +
        (detail ? `<span style="${small}">${escapeHtml(detail)}</span>` : '') +
        `</td><td align="right" style="${cell};padding:8px 0;border-top:1px solid #e8e1d6;white-space:nowrap">${escapeHtml(line.total)}</td></tr>`
      );
    })
    .join('');
  return (
    `<p style="margin:8px 0 4px;font-family:${FONT};font-size:16px;line-height:1.4;color:${SAGE}"><strong>Order #${order.number}, ${escapeHtml(order.deliveryDate)}</strong>` +
    `<span style="${small}">To ${escapeHtml(order.address)}</span></p>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse">` +
    `${rows}${totalsHtml(order.totals)}</table>`
  );
}

/** Money rows: the total and what was charged in bold, a rule above the first row and above each total. */
function totalsHtml(rows: EmailTotals): string {
  const cell = CELL;
  const hasKinds = rows.some(([, , kind]) => kind !== undefined);
  return rows
    .map(([label, value, kind], index) => {
      const total = hasKinds ? kind === 'total' : index === rows.length - 1;
      const weight = total || kind === 'charged' ? 'font-weight:bold;' : '';
      const border = index === 0 || total ? 'border-top:1px solid #e8e1d6;' : '';
      return (
        `<tr><td colspan="2" style="${cell};${weight}${border}padding:6px 8px 2px 0">${escapeHtml(label)}</td>` +
        `<td align="right" style="${cell};${weight}${border}padding:6px 0 2px;white-space:nowrap">${escapeHtml(value)}</td></tr>`
      );
    })
    .join('');
}

function renderHtml(letter: Letter): string {
  const text = `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.55;color:${INK}`;
  const body = letter.blocks
    .map((block) => {
      // A card's message keeps its line breaks.
      if (block.kind === 'p')
        return `<p style="${text}">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
      if (block.kind === 'order') return orderHtml(block.order);
      if (block.kind === 'totals') {
        return (
          `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-collapse:collapse">` +
          `${totalsHtml(block.rows)}</table>`
        );
      }
      if (block.kind === 'choices') {
        // One row a choice, full width: easy to tap on a phone, read in order by a screen reader.
        const rows = block.choices
          .map(
            (choice) =>
              `<tr><td style="padding:0 0 8px"><a href="${escapeHtml(choice.url)}" ` +
              `style="display:block;padding:10px 14px;font-family:${FONT};font-size:16px;line-height:1.3;` +
              `color:${INK};text-decoration:none;border:1px solid #e8e1d6;border-radius:6px">` +
              `<span aria-hidden="true" style="font-size:22px;color:${TERRACOTTA};letter-spacing:2px">${escapeHtml(choice.text)}</span> ` +
              `<span>${escapeHtml(choice.title)}</span></a></td></tr>`,
          )
          .join('');
        return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px">${rows}</table>`;
      }
      const url = escapeHtml(block.url);
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 12px">` +
        `<tr><td style="border-radius:6px;background-color:${TERRACOTTA}">` +
        `<a href="${url}" style="display:inline-block;padding:13px 24px;font-family:${FONT};font-size:16px;` +
        `font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:6px">` +
        `${escapeHtml(block.label)}</a></td></tr></table>` +
        `<p style="margin:0 0 20px;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED}">` +
        `If the button doesn’t work, copy this link into your browser:<br>` +
        `<a href="${url}" style="color:${TERRACOTTA};word-break:break-all">${url}</a></p>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(letter.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${CREAM}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(letter.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${CREAM}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;border:1px solid #e8e1d6">
<tr><td style="padding:20px 28px;background-color:${SAGE};border-radius:8px 8px 0 0;font-family:Georgia,'Times New Roman',serif;font-size:24px;letter-spacing:1px;color:#ffffff">Sfoglia</td></tr>
<tr><td style="padding:28px 28px 12px">
<h1 style="margin:0 0 20px;font-family:Georgia,'Times New Roman',serif;font-size:24px;font-weight:normal;line-height:1.3;color:${SAGE}">${escapeHtml(letter.heading)}</h1>
<p style="${text}">${escapeHtml(letter.greeting)}</p>
${body}
<p style="${text}">${escapeHtml(letter.signOff ?? 'Warm wishes,')}<br>The Sfoglia kitchen</p>
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e8e1d6;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED}">Sfoglia, fresh pasta made by hand<br>${escapeHtml(letter.reason)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
