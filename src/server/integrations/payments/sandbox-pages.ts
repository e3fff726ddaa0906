import { formatPence } from '../../../domain/money';
import { escapeHtml } from '../email/html';
import {
  BRAND_LABELS,
  CARD_NUMBER_MISSING,
  type CardBrand,
  type CardForm,
  type CardFormErrors,
} from './card-rules';

// The sandbox processor's pages: small server-rendered HTML with inline CSS in the shop's colours, each
// marked as a stand-in so nobody mistakes it for a real bank or PayPal. Everything that is not our own
// text goes through escapeHtml; the one script (the card form's result message) carries a CSP nonce and
// reads its data from a JSON block, never from markup.

/** The message the card form posts to the page that frames it (window.parent, same origin only). */
export interface CardFormMessage {
  source: 'sfoglia-sandbox-card';
  status: 'succeeded' | 'failed';
  setupIntentId: string | null;
  message: string;
}

/**
 * How the framing page uses the card form: `save` shows the form's own "Save card" button (the account's
 * payment methods); `pay` has none, as the page's "Pay" button asks the form to send itself (checkout).
 */
export type CardFormMode = 'save' | 'pay';

/** What the framing page may send to the card form (postMessage, same origin only). */
export const CARD_FORM_PARENT_SOURCE = 'sfoglia-card-parent';

const SHOP_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;color:#1d211e;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.2}
p{margin:0 0 1rem}
a{color:#3f4a41}
.note{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4e0;border-left:4px solid #6b4500;color:#6b4500;font-size:.875rem}
.field{margin:0 0 1rem}
.row{display:flex;flex-wrap:wrap;gap:0 1rem}
.row .field{flex:1 1 8rem}
label{display:block;margin:0 0 .25rem;font-weight:600}
.hint{display:block;margin:-.125rem 0 .25rem;color:#555c57;font-size:.875rem;font-weight:400}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:#fff;border:1px solid #555c57;border-radius:8px}
input[aria-invalid=true]{border:2px solid #8a1c12}
.error{margin:.25rem 0 0;color:#8a1c12;font-weight:600}
.summary{margin:0 0 1rem;padding:.75rem 1rem;background:#fdecea;border:2px solid #8a1c12;border-radius:8px;color:#8a1c12}
.summary h2{margin:0 0 .25rem;font-size:1rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#8a1c12}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{min-height:2.75rem;padding:.5rem 1.25rem;font:inherit;font-weight:600;border-radius:999px;cursor:pointer}
.primary{background:#a8431f;color:#fff;border:2px solid #a8431f}
.primary:hover{background:#86341a;border-color:#86341a}
.secondary{background:#fff;color:#3f4a41;border:2px solid #3f4a41}
button[disabled]{opacity:.7;cursor:progress}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
details{margin-top:1rem;font-size:.875rem;color:#555c57}
summary{cursor:pointer}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.ok{color:#2f6b3a;font-weight:600}`;

function page(options: {
  title: string;
  body: string;
  css?: string;
  nonce?: string;
  script?: string;
}): string {
  const script =
    options.script && options.nonce ? `<script nonce="${options.nonce}">${options.script}</script>` : '';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(options.title)}</title>
<style>${SHOP_CSS}${options.css ?? ''}</style>
</head>
<body>
${options.body}
${script}
</body>
</html>
`;
}

/** JSON for a <script type="application/json"> block: `<` can never close the element. */
function jsonBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

// ---- card form (shown in an iframe) ------------------------------------------------------------------------

const CARD_FORM_CSS = `body{background:#fff}
main{max-width:32rem;padding:.25rem}`;

/**
 * The card form's one script (form and result pages alike). It tells the framing page, by postMessage to
 * our own origin only and never with anything typed:
 *   {type:'resize', height}           the page's height, on load and whenever it changes (ResizeObserver),
 *                                     so the frame is sized to its content at every width;
 *   {type:'ready', invalid, empty}    the form is there (invalid: it came back with field errors);
 *   {type:'change', empty}            something was typed (the page clears an error it showed);
 *   {type:'invalid', reason:'empty'}  asked to send itself with no card typed (it says so by the number);
 *   {status:…}                        the result (CardFormMessage), from the result page.
 * It listens for {source:'${CARD_FORM_PARENT_SOURCE}', type:'submit'} from the framing page, and then
 * sends the form to the processor itself. A field's error goes as soon as the field is typed in.
 */
const CARD_FORM_SCRIPT = `(function(){
var origin=window.location.origin,framed=window.parent!==window;
function post(m){if(framed){m.source='sfoglia-sandbox-card';window.parent.postMessage(m,origin);}}
var main=document.querySelector('main'),last=-1;
function size(){var h=Math.ceil(main.getBoundingClientRect().height);if(h!==last){last=h;post({type:'resize',height:h});}}
if(window.ResizeObserver){new ResizeObserver(size).observe(main);}
window.addEventListener('load',size);size();
var result=document.getElementById('sandbox-card-result');
if(result){var m=JSON.parse(result.textContent);if(framed){window.parent.postMessage(m,window.location.origin);}return;}
var form=document.getElementById('card-form');if(!form){return;}
var state=JSON.parse(document.getElementById('sandbox-card-state').textContent);
var typed=['card_number','expiry','cvc'].map(function(id){return document.getElementById(id);});
function empty(){return typed.every(function(f){return f.value.trim()==='';});}
function clearError(f){
if(f.getAttribute('aria-invalid')!=='true'){return;}
f.removeAttribute('aria-invalid');
var error=document.getElementById(f.id+'-error');if(error){error.remove();}
var rest=(f.getAttribute('aria-describedby')||'').split(' ').filter(function(id){return id&&id!==f.id+'-error';});
if(rest.length){f.setAttribute('aria-describedby',rest.join(' '));}else{f.removeAttribute('aria-describedby');}
var link=document.querySelector('#summary a[href="#'+f.id+'"]');if(link){link.parentNode.remove();}
var summary=document.getElementById('summary');if(summary&&!summary.querySelector('li')){summary.remove();}
}
function showError(f,text){
if(f.getAttribute('aria-invalid')==='true'){return;}
var error=document.createElement('p');error.className='error';error.id=f.id+'-error';error.textContent=text;
f.insertAdjacentElement('afterend',error);f.setAttribute('aria-invalid','true');
f.setAttribute('aria-describedby',((f.getAttribute('aria-describedby')||'')+' '+error.id).trim());
}
form.addEventListener('input',function(e){clearError(e.target);post({type:'change',empty:empty()});});
form.addEventListener('submit',function(){setTimeout(function(){var b=document.getElementById('save');if(b){b.disabled=true;b.textContent='Saving…';}},0);});
window.addEventListener('message',function(e){
if(e.source!==window.parent||e.origin!==origin){return;}
var d=e.data;if(!d||d.source!=='${CARD_FORM_PARENT_SOURCE}'||d.type!=='submit'){return;}
if(empty()){showError(typed[0],state.emptyMessage);typed[0].focus();post({type:'invalid',reason:'empty'});return;}
form.requestSubmit();
});
if(state.invalid){var first=document.querySelector('[aria-invalid="true"]');if(first){first.focus();}}
post({type:'ready',invalid:state.invalid,empty:empty()});
})();`;

interface FieldSpec {
  name: keyof CardForm;
  id: string;
  label: string;
  hint?: string;
  autocomplete: string;
  inputmode: string;
  maxlength: number;
  placeholder?: string;
}

const CARD_FIELDS: Record<keyof CardForm, FieldSpec> = {
  number: {
    name: 'number',
    id: 'card_number',
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    maxlength: 23,
    placeholder: '1234 1234 1234 1234',
  },
  expiry: {
    name: 'expiry',
    id: 'expiry',
    label: 'Expiry date',
    hint: 'MM/YY, like 04/29',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    maxlength: 7,
    placeholder: 'MM/YY',
  },
  cvc: {
    name: 'cvc',
    id: 'cvc',
    label: 'Security code (CVC)',
    hint: '3 digits, or 4 on Amex',
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
    maxlength: 4,
  },
  postcode: {
    name: 'postcode',
    id: 'postcode',
    label: 'Billing postcode (optional)',
    autocomplete: 'postal-code',
    inputmode: 'text',
    maxlength: 10,
  },
};

/** The form field names on the wire (application/x-www-form-urlencoded). */
export const CARD_FIELD_NAMES: Record<keyof CardForm, string> = {
  number: CARD_FIELDS.number.id,
  expiry: CARD_FIELDS.expiry.id,
  cvc: CARD_FIELDS.cvc.id,
  postcode: CARD_FIELDS.postcode.id,
};

const ORDER: (keyof CardForm)[] = ['number', 'expiry', 'cvc', 'postcode'];

function input(spec: FieldSpec, value: string, error: string | undefined, autofocus: boolean): string {
  const described = [spec.hint ? `${spec.id}-hint` : null, error ? `${spec.id}-error` : null].filter(Boolean);
  return `<div class="field">
<label for="${spec.id}">${spec.label}${spec.hint ? `<span class="hint" id="${spec.id}-hint">${spec.hint}</span>` : ''}</label>
<input id="${spec.id}" name="${spec.id}" type="text" inputmode="${spec.inputmode}" autocomplete="${spec.autocomplete}" maxlength="${spec.maxlength}" spellcheck="false" autocapitalize="off"${spec.placeholder ? ` placeholder="${spec.placeholder}"` : ''}${spec.name === 'postcode' ? '' : ' required'} value="${escapeHtml(value)}"${described.length > 0 ? ` aria-describedby="${described.join(' ')}"` : ''}${error ? ' aria-invalid="true"' : ''}${autofocus ? ' autofocus' : ''}>
${error ? `<p class="error" id="${spec.id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

const TEST_CARD_LIST = `<details>
<summary>Test cards</summary>
<p>Any future expiry date and any 3-digit code (4 for American Express).</p>
<ul>
<li><code>4242 4242 4242 4242</code> pays</li>
<li><code>4000 0025 0000 3155</code> asks for 3-D Secure</li>
<li><code>4000 0027 6000 3184</code> always asks for 3-D Secure</li>
<li><code>4000 0000 0000 9995</code> insufficient funds</li>
<li><code>4000 0000 0000 0002</code> declined</li>
<li><code>4000 0000 0000 9987</code> lost card, <code>4000 0000 0000 9979</code> stolen card</li>
<li><code>4100 0000 0000 0019</code> fraudulent, <code>4000 0000 0000 9961</code> merchant blacklist</li>
</ul>
</details>`;

/**
 * The card form: `values` refill what was typed after a problem, except the security code, which is never
 * sent back.
 */
export function cardFormPage(options: {
  action: string;
  values: CardForm;
  errors: CardFormErrors;
  nonce: string;
  mode: CardFormMode;
}): string {
  const { action, values, errors, nonce, mode } = options;
  const problems = ORDER.filter((name) => errors[name]);
  const summary =
    problems.length === 0
      ? ''
      : `<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1" id="summary">
<h2 id="summary-title">Check your card details</h2>
<ul>${problems.map((name) => `<li><a href="#${CARD_FIELDS[name].id}">${escapeHtml(errors[name]!)}</a></li>`).join('')}</ul>
</div>`;
  const focus = problems[0] ?? null;
  const field = (name: keyof CardForm) =>
    input(CARD_FIELDS[name], name === 'cvc' ? '' : values[name], errors[name], focus === name);
  const body = `<main aria-labelledby="title">
<h1 id="title" style="font-size:1.125rem">Card details</h1>
<p class="note">Sandbox card form: no real card is charged.</p>
${summary}
<form method="post" action="${escapeHtml(action)}" novalidate id="card-form">
${field('number')}
<div class="row">
${field('expiry')}
${field('cvc')}
</div>
${field('postcode')}
${mode === 'save' ? '<div class="actions"><button type="submit" class="primary" id="save">Save card</button></div>' : ''}
</form>
${TEST_CARD_LIST}
${jsonBlock('sandbox-card-state', { mode, invalid: problems.length > 0, emptyMessage: CARD_NUMBER_MISSING })}
</main>`;
  return page({
    title: `${problems.length > 0 ? 'Error: ' : ''}Card details (sandbox)`,
    body,
    css: CARD_FORM_CSS,
    nonce,
    script: CARD_FORM_SCRIPT,
  });
}

/** After the form: tells the parent page what happened (postMessage to our own origin) and says it here too. */
export function cardResultPage(options: {
  message: CardFormMessage;
  nonce: string;
  card?: { brand: CardBrand; last4: string } | null;
}): string {
  const { message, nonce, card } = options;
  const succeeded = message.status === 'succeeded';
  const text = succeeded
    ? `<p class="ok" role="status">Card saved${card ? `: ${escapeHtml(BRAND_LABELS[card.brand])} ending ${escapeHtml(card.last4)}` : ''}.</p>`
    : `<div class="summary" role="alert"><h2>We couldn’t save your card</h2><p style="margin:0">${escapeHtml(message.message)}</p></div>`;
  const body = `<main aria-labelledby="title">
<h1 id="title" style="font-size:1.125rem">Card details</h1>
${text}
${jsonBlock('sandbox-card-result', message)}
</main>`;
  return page({
    title: succeeded ? 'Card saved (sandbox)' : 'Error: card not saved (sandbox)',
    body,
    css: CARD_FORM_CSS,
    nonce,
    script: CARD_FORM_SCRIPT,
  });
}

// ---- 3-D Secure challenge (a whole page) ---------------------------------------------------------------------

const FULL_PAGE_CSS = `body{min-height:100vh;background:#fbf8f3;display:flex;justify-content:center;align-items:flex-start}
main{width:100%;max-width:30rem;margin:2rem 1rem;padding:1.5rem;background:#fff;border:1px solid #e2dbcf;border-radius:12px;box-shadow:0 1px 2px rgb(0 0 0/6%),0 4px 16px rgb(0 0 0/6%)}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;min-height:100vh}}
.brand{margin:0 0 1rem;font-weight:700;letter-spacing:.02em;color:#3f4a41}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{color:#555c57}
dd{margin:0;font-weight:600}`;

export function challengePage(options: {
  action: string;
  amount: number;
  brand: string | null;
  last4: string | null;
  pending: boolean;
}): string {
  const { action, amount, brand, last4, pending } = options;
  const cardName = brand ? (BRAND_LABELS[brand as CardBrand] ?? brand) : 'Card';
  const details = `<dl>
<dt>Merchant</dt><dd>Sfoglia</dd>
<dt>Amount</dt><dd>${escapeHtml(formatPence(amount))}</dd>
<dt>Card</dt><dd>${escapeHtml(cardName)}${last4 ? ` ending ${escapeHtml(last4)}` : ''}</dd>
</dl>`;
  const form = pending
    ? `<form method="post" action="${escapeHtml(action)}">
<p>Your bank asks you to confirm this payment.</p>
<div class="actions">
<button type="submit" class="primary" name="action" value="complete" autofocus>Complete authentication</button>
<button type="submit" class="secondary" name="action" value="fail">Fail authentication</button>
</div>
</form>`
    : `<form method="post" action="${escapeHtml(action)}">
<p>This payment no longer needs confirming.</p>
<div class="actions"><button type="submit" class="primary" name="action" value="continue" autofocus>Return to Sfoglia</button></div>
</form>`;
  const body = `<main aria-labelledby="title">
<p class="brand">Sandbox bank</p>
<h1 id="title">Confirm your payment</h1>
<p class="note">A 3-D Secure check for testing: no real bank is contacted.</p>
${details}
${form}
</main>`;
  return page({ title: 'Confirm your payment (3-D Secure, sandbox)', body, css: FULL_PAGE_CSS });
}

// ---- PayPal approval (a whole page) -------------------------------------------------------------------------

const PAYPAL_CSS = `.brand{color:#003087;font-size:1.25rem;font-style:italic}
.primary{background:#003087;border-color:#003087}
.primary:hover{background:#001f5c;border-color:#001f5c}
.secondary{color:#003087;border-color:#003087}`;

export function paypalPage(options: {
  action: string;
  kind: 'payment' | 'setup';
  amount: number | null;
  email: string;
  error: string | null;
  pending: boolean;
}): string {
  const { action, kind, amount, email, error, pending } = options;
  const title = kind === 'payment' ? 'Pay with PayPal' : 'Save PayPal for future payments';
  const lead =
    kind === 'payment'
      ? `<p>Sfoglia is asking for a payment of <strong>${escapeHtml(formatPence(amount ?? 0))}</strong>.</p>`
      : '<p>Sfoglia is asking to take future payments from your PayPal account, for the orders you place.</p>';
  const approveLabel =
    kind === 'payment' ? `Approve and pay ${escapeHtml(formatPence(amount ?? 0))}` : 'Agree and save';
  const errorBlock = error
    ? `<div class="summary" role="alert" aria-labelledby="summary-title"><h2 id="summary-title">There is a problem</h2><ul><li><a href="#email">${escapeHtml(error)}</a></li></ul></div>`
    : '';
  const form = pending
    ? `${errorBlock}<form method="post" action="${escapeHtml(action)}" novalidate>
<div class="field">
<label for="email">Email address<span class="hint" id="email-hint">Any email signs in a demo buyer. One starting with “declined” approves, but PayPal then declines the payment.</span></label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" spellcheck="false" autocapitalize="off" value="${escapeHtml(email)}" aria-describedby="email-hint${error ? ' email-error' : ''}"${error ? ' aria-invalid="true" autofocus' : ''}>
${error ? `<p class="error" id="email-error">${escapeHtml(error)}</p>` : ''}
</div>
<div class="actions">
<button type="submit" class="primary" name="action" value="approve">${approveLabel}</button>
<button type="submit" class="secondary" name="action" value="cancel">Cancel and return to Sfoglia</button>
</div>
</form>`
    : `<form method="post" action="${escapeHtml(action)}">
<p>This request has already been answered.</p>
<div class="actions"><button type="submit" class="primary" name="action" value="continue" autofocus>Return to Sfoglia</button></div>
</form>`;
  const body = `<main aria-labelledby="title">
<p class="brand">PayPal</p>
<h1 id="title">${title}</h1>
<p class="note">Sandbox PayPal for testing: no real PayPal account is used.</p>
${lead}
${form}
</main>`;
  return page({
    title: `${error ? 'Error: ' : ''}${title} (sandbox)`,
    body,
    css: FULL_PAGE_CSS + PAYPAL_CSS,
  });
}

export function sandboxErrorPage(title: string, reason: string): string {
  const body = `<main aria-labelledby="title">
<h1 id="title">${escapeHtml(title)}</h1>
<p>${escapeHtml(reason)}</p>
<p><a href="/">Go back to Sfoglia</a></p>
</main>`;
  return page({ title: `Error: ${title} (sandbox)`, body, css: FULL_PAGE_CSS });
}
