/** A random 128-bit id; crypto.getRandomValues works where randomUUID does not (plain-http LAN testing). */
export function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
