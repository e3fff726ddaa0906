// Money typed in the back office's forms: "12", "12.5", "£12.50" → 1250 pence; with `signed`, a leading "-"
// takes (credit taken from a customer). Anything else (more than two decimals, not a number) → null.

export function poundsToPence(text: string, signed = false): number | null {
  const match = /^(-)?\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match || (match[1] && !signed)) return null;
  const amount = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -amount : amount;
}

/** 1250 → "12.50", for a field that starts with an amount. */
export function penceToPounds(amount: number): string {
  return (amount / 100).toFixed(2);
}
