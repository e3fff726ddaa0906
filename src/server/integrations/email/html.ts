// HTML escaping for emails and the development mailbox. Everything that did not come from our own source
// code (names, addresses, links, whole messages shown in the mailbox) goes through `escapeHtml`.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in single- or double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * The http(s) URLs in a plain text, in order (duplicates kept). Punctuation that ends a sentence, or a
 * bracket closing around the link, is not part of it.
 */
export function extractLinks(text: string): string[] {
  const found = text.match(/\bhttps?:\/\/[^\s<>"'`]+/g) ?? [];
  return found.map(trimLink);
}

function trimLink(link: string): string {
  let url = link;
  for (;;) {
    const last = url.at(-1) ?? '';
    const unbalanced = (open: string) => url.split(open).length < url.split(last).length;
    if ('.,;:!?'.includes(last) || (last === ')' && unbalanced('(')) || (last === ']' && unbalanced('['))) {
      url = url.slice(0, -1);
    } else {
      return url;
    }
  }
}
