import type { SocialProvider } from './social-profile';

// The local provider's pages: plain, accessible HTML with no script, styled like a provider's own sign-in
// page so that nobody mistakes it for the shop, and marked clearly as a development stand-in.

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

/** Button colours with at least 4.5:1 contrast against white text. */
const ACCENT: Record<SocialProvider, string> = {
  google: '#1558b0',
  facebook: '#0d5bbf',
  apple: '#000000',
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface PersonForm {
  email: string;
  firstName: string;
  lastName: string;
}

export type PersonErrors = Partial<Record<keyof PersonForm, string>>;

const FIELDS: {
  name: keyof PersonForm;
  id: string;
  label: string;
  type: string;
  autocomplete: string;
  max: number;
}[] = [
  { name: 'email', id: 'email', label: 'Email address', type: 'email', autocomplete: 'email', max: 254 },
  {
    name: 'firstName',
    id: 'first_name',
    label: 'First name',
    type: 'text',
    autocomplete: 'given-name',
    max: 100,
  },
  {
    name: 'lastName',
    id: 'last_name',
    label: 'Last name',
    type: 'text',
    autocomplete: 'family-name',
    max: 100,
  },
];

/** The form's field names on the wire. */
export const FIELD_IDS: Record<keyof PersonForm, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
};

function layout(provider: SocialProvider, title: string, main: string): string {
  const accent = ACCENT[provider];
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:#f1f3f4;color:#202124;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{width:100%;max-width:28rem;margin:2rem 1rem;padding:2rem 1.5rem;background:#fff;border:1px solid #dadce0;border-radius:12px}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;min-height:100vh}}
.provider{margin:0 0 1rem;font-weight:600;font-size:1.125rem;color:${accent}}
h1{margin:0 0 .25rem;font-size:1.5rem;font-weight:500}
.lead{margin:0 0 1rem}
.note{margin:0 0 1.5rem;padding:.75rem 1rem;background:#fff8e1;border-left:4px solid #8a6d00;color:#3c2f00}
.field{margin:0 0 1rem}
label{display:block;margin:0 0 .25rem;font-weight:600}
input{width:100%;padding:.75rem;font:inherit;color:inherit;border:1px solid #5f6368;border-radius:4px;background:#fff}
input[aria-invalid=true]{border:2px solid #b3261e}
.error{margin:.25rem 0 0;color:#b3261e;font-weight:600}
.summary{margin:0 0 1.5rem;padding:1rem;border:2px solid #b3261e;border-radius:4px}
.summary h2{margin:0 0 .5rem;font-size:1.125rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#b3261e}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button{min-height:2.75rem;padding:.5rem 1.5rem;font:inherit;font-weight:600;border-radius:4px;cursor:pointer}
.primary{background:${accent};color:#fff;border:2px solid ${accent}}
.secondary{background:#fff;color:${accent};border:2px solid #5f6368}
:focus-visible{outline:3px solid #f9ab00;outline-offset:2px}
.small{margin:1.5rem 0 0;font-size:.875rem;color:#5f6368}
</style>
</head>
<body>
${main}
</body>
</html>
`;
}

function note(provider: SocialProvider): string {
  const name = PROVIDER_NAMES[provider];
  return `<p class="note">Local ${name} sign-in for development — no real ${name} account is used.</p>`;
}

export function signInPage(options: {
  provider: SocialProvider;
  action: string;
  values: PersonForm;
  errors: PersonErrors;
}): string {
  const { provider, action, values, errors } = options;
  const name = PROVIDER_NAMES[provider];
  const problems = FIELDS.filter((f) => errors[f.name]);
  const summary =
    problems.length === 0
      ? ''
      : `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">There is a problem</h2>
<ul>${problems.map((f) => `<li><a href="#${f.id}">${escapeHtml(errors[f.name]!)}</a></li>`).join('')}</ul>
</div>`;
  // Focus starts in the form: on the first field with a problem, or on the first field.
  const focused = problems[0]?.name ?? FIELDS[0]!.name;
  const fields = FIELDS.map((f) => {
    const error = errors[f.name];
    const autofocus = f.name === focused ? ' autofocus' : '';
    const describedBy = error ? ` aria-describedby="${f.id}-error" aria-invalid="true"` : '';
    const extra = f.type === 'email' ? ' spellcheck="false" autocapitalize="off"' : '';
    return `<div class="field">
<label for="${f.id}">${f.label}</label>
<input id="${f.id}" name="${f.id}" type="${f.type}" autocomplete="${f.autocomplete}" maxlength="${f.max}" required value="${escapeHtml(values[f.name])}"${describedBy}${extra}${autofocus}>
${error ? `<p id="${f.id}-error" class="error">${escapeHtml(error)}</p>` : ''}
</div>`;
  }).join('\n');
  const main = `<main aria-labelledby="title">
<p class="provider">${name}</p>
<h1 id="title">Sign in with ${name}</h1>
<p class="lead">to continue to Sfoglia</p>
${note(provider)}
${summary}
<form method="post" action="${escapeHtml(action)}" novalidate>
${fields}
<div class="actions">
<button type="submit" class="primary" name="action" value="continue">Continue</button>
<button type="submit" class="secondary" name="action" value="cancel">Cancel</button>
</div>
</form>
<p class="small">${name} will share your name and email address with Sfoglia.</p>
</main>`;
  return layout(provider, `${problems.length > 0 ? 'Error: ' : ''}Sign in with ${name} (local)`, main);
}

export function refusedPage(provider: SocialProvider, reason: string, shopUrl: string): string {
  const name = PROVIDER_NAMES[provider];
  const main = `<main aria-labelledby="title">
<p class="provider">${name}</p>
<h1 id="title">This sign-in request can’t be used</h1>
${note(provider)}
<p>${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(shopUrl)}">Go back to Sfoglia</a> and try again.</p>
</main>`;
  return layout(provider, `Error: sign-in request refused (${name}, local)`, main);
}
