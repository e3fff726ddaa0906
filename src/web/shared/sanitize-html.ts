// Product descriptions are HTML from the storefront (a merchant's text). Before it reaches the page it
// keeps only simple formatting tags and no attributes at all: no scripts, handlers, links or styles.
// Plain string work, no DOM: the server renders the same descriptions (docs/decisions/0017), and both
// sides must write the same markup.

const ALLOWED = new Set(['p', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'br', 'span', 'h3', 'h4']);
/** Dropped with everything inside them. */
const DROPPED =
  /<(script|style|iframe|object|template|textarea|title|noscript)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;

export function sanitizeHtml(html: string): string {
  const withoutBlocks = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROPPED, '');
  let out = '';
  let last = 0;
  for (const match of withoutBlocks.matchAll(TAG)) {
    out += text(withoutBlocks.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]!.toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (name === 'br') out += match[1] ? '' : '<br>';
    else out += `<${match[1]}${name}>`;
  }
  return out + text(withoutBlocks.slice(last));
}

/** Text between tags: a stray "<" or ">" can never start markup. Entities (`&amp;`) stay as written. */
const text = (value: string) => value.replace(/</g, '&lt;').replace(/>/g, '&gt;');
