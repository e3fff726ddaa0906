import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when there is no account keeps a wrong email as slow as a wrong password, so the
// time taken tells nobody whether an email has an account.
let dummy: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hashPassword('sfoglia-timing-equaliser');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
