// The double's own pages (decision 20): the card fields inside their frame, the 3-D Secure challenge and a
// wallet's payment sheet. Plain HTML; their one script is /frames.js, from the double's origin.

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#30313d;background:transparent}
  .row{display:flex;gap:8px;flex-wrap:wrap}
  label{display:flex;flex-direction:column;gap:4px;font-size:14px;flex:1 1 120px}
  label.wide{flex-basis:100%}
  input{font:inherit;padding:10px 12px;border:1px solid #d0d5dd;border-radius:6px;min-height:44px;width:100%}
  input[aria-invalid=true]{border-color:#df1b41}
  .error{color:#df1b41;font-size:14px;min-height:1.4em;margin:6px 0 0}
  .sheet{background:#fff;max-width:420px;margin:10vh auto 0;padding:24px;border-radius:12px;box-shadow:0 8px 32px #0004}
  button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #30313d;background:#fff;min-height:44px;cursor:pointer}
  button.primary{background:#30313d;color:#fff}
  .actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:16px}
`;

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

function page(title: string, body: string, data: Record<string, unknown>): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>${STYLE}</style></head>
<body data-page="${escape(JSON.stringify(data))}">${body}<script src="/frames.js"></script></body></html>`;
}

export function doublePage(kind: 'card' | 'challenge' | 'wallet', data: Record<string, unknown>): string {
  if (kind === 'card') {
    return page(
      'Card details',
      `<form id="card" novalidate><div class="row">
<label class="wide">Card number<input name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"></label>
<label>Expiry date<input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"></label>
<label>Security code<input name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></label>
</div><p class="error" id="error" role="alert"></p></form>`,
      { kind },
    );
  }
  if (kind === 'challenge') {
    const amount = typeof data.amount === 'number' ? ` of ${pounds(data.amount)}` : '';
    const body = data.open
      ? `<form method="post" action="${escape(String(data.action))}">
<p>Your bank asks you to confirm this ${data.kind === 'setup' ? 'card' : `payment${amount}`}.</p>
<p><small>Stripe test double: 3-D Secure.</small></p>
<div class="actions"><button class="primary" name="outcome" value="complete">Complete authentication</button>
<button name="outcome" value="fail">Fail authentication</button></div></form>`
      : '<p>This check is over. You can close it.</p>';
    return page('Confirm with your bank', `<div class="sheet"><h1>3-D Secure</h1>${body}</div>`, {
      kind: 'challenge',
      setup: data.kind === 'setup',
    });
  }
  const name = data.wallet === 'apple_pay' ? 'Apple Pay' : 'Google Pay';
  return page(
    name,
    `<div class="sheet"><h1>${name}</h1><p>Pay ${pounds(Number(data.amount))} with Visa •••• 4242</p>
<div class="actions"><button class="primary" id="pay">Pay</button><button id="cancel">Cancel</button></div></div>`,
    { kind: 'wallet', wallet: data.wallet },
  );
}
