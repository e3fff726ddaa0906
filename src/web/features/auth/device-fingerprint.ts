import { api } from '../../shared/api/client';

// This browser's fingerprint for the server's fraud checks (spec §7 POST /customers/fingerprint). A lazy
// chunk of its own: nothing here runs before a customer signs in.

/** A SHA-256 of what this browser says about itself: the same on every visit, with nothing stored. */
export async function browserFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.languages?.join(',') ?? navigator.language,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    `${screen.width}x${screen.height}x${screen.colorDepth}@${window.devicePixelRatio}`,
    navigator.hardwareConcurrency,
    navigator.maxTouchPoints,
  ].join('|');
  // crypto.subtle exists only on https and localhost: elsewhere this throws, and the failure is reported.
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function registerFingerprint(): Promise<void> {
  await api('POST', '/customers/fingerprint', { body: { fingerprint: await browserFingerprint() } });
}
