// The e2e shop's first owner (issue 25 part 1): made by `npm run staff -- add --role owner` on the e2e server's
// fresh database just before the server starts (playwright.config.ts), as the documented first-owner command
// does on a real shop. Everyone else joins by invitation in the journeys. No imports: the config reads it too.

export const OWNER = {
  email: 'owner.e2e@sfoglia.example',
  password: 'owner of the shop 1843',
  name: 'Olive Bianchi',
} as const;

/** The shell command that makes the first owner (idempotent: a second run changes nothing). */
export const addOwnerCommand = () =>
  [
    'node --enable-source-maps dist/server/staff.mjs add',
    `--email ${OWNER.email}`,
    '--role owner',
    `--password '${OWNER.password}'`,
    `--name "${OWNER.name}"`,
  ].join(' ');
