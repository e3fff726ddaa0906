// The e2e shop's member of kitchen staff (issue 13 part 3): made by `npm run staff -- add …` on the e2e
// server's fresh database just before the server starts (playwright.config.ts), at two restaurants so the
// kitchen screen asks which one. No imports: the Playwright config reads it too.

export const KITCHEN_STAFF = {
  email: 'kitchen.e2e@sfoglia.example',
  password: 'kitchen staff 1843',
  restaurants: ['soho', 'borough'],
} as const;

/** The shell command that makes the member of staff (idempotent: a second run changes nothing). */
export const addKitchenStaffCommand = () =>
  [
    'node --enable-source-maps dist/server/staff.mjs add',
    `--email ${KITCHEN_STAFF.email}`,
    ...KITCHEN_STAFF.restaurants.map((id) => `--restaurant ${id}`),
    `--password '${KITCHEN_STAFF.password}'`,
    '--name "Gia Rossi"',
  ].join(' ');
