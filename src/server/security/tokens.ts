import { createHash, randomBytes } from 'node:crypto';

/** 128 bits of randomness, URL-safe. */
export function newToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as their SHA-256: a leaked table does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function hashJson(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');
}
