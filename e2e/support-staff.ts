// The e2e shop's member of the support team (issue 23 part 5): made by `npm run staff -- add --role support`
// on the e2e server's fresh database just before the server starts (playwright.config.ts), as the kitchen's
// member is (e2e/kitchen-staff.ts). No imports: the Playwright config reads it too.

export const SUPPORT_STAFF = {
  email: 'support.e2e@sfoglia.example',
  password: 'support staff 1843',
  name: 'Sam Bell',
} as const;

/** The shell command that makes the member of the support team (idempotent: a second run changes nothing). */
export const addSupportStaffCommand = () =>
  [
    'node --enable-source-maps dist/server/staff.mjs add',
    `--email ${SUPPORT_STAFF.email}`,
    '--role support',
    `--password '${SUPPORT_STAFF.password}'`,
    `--name "${SUPPORT_STAFF.name}"`,
  ].join(' ');
