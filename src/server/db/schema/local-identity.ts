import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the local identity provider (integrations/social-sign-in, SOCIAL_SIGN_IN=local) issues, kept in the
 * database so that every server process shares it (docs/decisions/0019): its signing keys (kind `keys`), the
 * Facebook tokens and the Apple codes it has handed out. Never used with the real providers.
 */
export const localIdentityGrants = pgTable(
  'local_identity_grants',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('local_identity_grants_expiry_idx').on(t.expiresAt),
  ],
);
