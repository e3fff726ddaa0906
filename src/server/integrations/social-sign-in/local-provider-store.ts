import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localIdentityGrants } from '../../db/schema/local-identity';

// Where the local identity provider keeps its signing keys and what it issues. Several server processes
// answer one browser (docs/decisions/0019): a Facebook token or Apple code issued by one is checked by another,
// and an ID token signed by one is verified by another, so the server keeps all of it in the database. The
// memory store is for a provider built alone (its unit tests).

export type GrantKind = 'facebook_token' | 'apple_code';

/** The provider's keys in a form that can be stored: PEMs and public JWKs. */
export interface StoredKeys {
  google: { privateKeyPem: string; kid: string; jwk: Record<string, unknown> };
  apple: { privateKeyPem: string; kid: string; jwk: Record<string, unknown> };
  appleDeveloper: { privateKeyPem: string; publicKeyPem: string };
}

export interface LocalProviderStore {
  /** The keys every process uses: those stored first; `make` makes a set when there are none yet. */
  keys(make: () => Promise<StoredKeys>): Promise<StoredKeys>;
  /** Keeps a grant until `expiresAt`; `now` (the provider's clock) clears out those already expired. */
  put(kind: GrantKind, key: string, grant: object, expiresAt: number, now: number): Promise<void>;
  get(kind: GrantKind, key: string): Promise<unknown>;
  /** Reads and removes in one step: a single-use grant is spent by whoever takes it first. */
  take(kind: GrantKind, key: string): Promise<unknown>;
}

/** A bound on what a memory store keeps; the oldest grants go first. */
const MAX_GRANTS = 10_000;

export function memoryLocalProviderStore(): LocalProviderStore {
  let keys: Promise<StoredKeys> | null = null;
  const grants = new Map<string, { grant: object; expiresAt: number }>();
  const id = (kind: GrantKind, key: string) => `${kind}\n${key}`;
  return {
    keys(make) {
      keys ??= make().catch((error: unknown) => {
        keys = null;
        throw error;
      });
      return keys;
    },
    async put(kind, key, grant, expiresAt, now) {
      for (const [oldKey, old] of grants) {
        if (old.expiresAt > now && grants.size < MAX_GRANTS) break;
        grants.delete(oldKey);
      }
      grants.set(id(kind, key), { grant, expiresAt });
    },
    async get(kind, key) {
      return grants.get(id(kind, key))?.grant ?? null;
    },
    async take(kind, key) {
      const found = grants.get(id(kind, key));
      grants.delete(id(kind, key));
      return found?.grant ?? null;
    },
  };
}

const KEYS = { kind: 'keys', key: 'signing' } as const;

export function databaseLocalProviderStore(db: Db): LocalProviderStore {
  let keys: Promise<StoredKeys> | null = null;
  const readKeys = async (make: () => Promise<StoredKeys>): Promise<StoredKeys> => {
    const where = and(eq(localIdentityGrants.kind, KEYS.kind), eq(localIdentityGrants.key, KEYS.key));
    const [found] = await db
      .select({ value: localIdentityGrants.value })
      .from(localIdentityGrants)
      .where(where);
    if (found) return found.value as StoredKeys;
    // Two processes may both make a set; the first stored is the one both use.
    await db
      .insert(localIdentityGrants)
      .values({ ...KEYS, value: await make(), expiresAt: new Date('9999-12-31T00:00:00Z') })
      .onConflictDoNothing();
    const [stored] = await db
      .select({ value: localIdentityGrants.value })
      .from(localIdentityGrants)
      .where(where);
    return stored!.value as StoredKeys;
  };
  return {
    keys(make) {
      keys ??= readKeys(make).catch((error: unknown) => {
        keys = null;
        throw error;
      });
      return keys;
    },
    async put(kind, key, grant, expiresAt, now) {
      // Expired grants are of no use to anyone: each new one clears them out.
      await db
        .delete(localIdentityGrants)
        .where(and(eq(localIdentityGrants.kind, kind), lt(localIdentityGrants.expiresAt, new Date(now))));
      await db
        .insert(localIdentityGrants)
        .values({ kind, key, value: grant, expiresAt: new Date(expiresAt) });
    },
    async get(kind, key) {
      const [found] = await db
        .select({ value: localIdentityGrants.value })
        .from(localIdentityGrants)
        .where(and(eq(localIdentityGrants.kind, kind), eq(localIdentityGrants.key, key)));
      return found?.value ?? null;
    },
    async take(kind, key) {
      const [taken] = await db
        .delete(localIdentityGrants)
        .where(and(eq(localIdentityGrants.kind, kind), eq(localIdentityGrants.key, key)))
        .returning({ value: localIdentityGrants.value });
      return taken?.value ?? null;
    },
  };
}
