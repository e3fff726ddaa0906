// Whole numbers as people read them in the UK ("1,234"), written here rather than by Intl: a browser's
// first Intl call loads its locale data, 30–80 ms in one task of a phone's first load (issue 24).

/** `1234567` → `"1,234,567"`, `-1200` → `"-1,200"`: a safe integer as en-GB writes it. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-GB');
  const digits = String(Math.abs(value));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${out}` : out;
}
