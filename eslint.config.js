import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './tools/eslint-boundaries.js';
import tables from './tools/eslint-tables.js';

/**
 * No top-level await in the web app: the bundler turns its chunk optimisations off for a whole build with one
 * anywhere in it, and every public page's first load came in twice the files (decision 37).
 */
const TOP_LEVEL_AWAIT = [
  {
    selector: ':matches(AwaitExpression, ForOfStatement[await=true]):not(:function *)',
    message: 'No top-level await in the web app (decision 37): await inside a function, and call it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { sfoglia: { rules: { ...boundaries.rules, ...tables.rules } } },
    rules: {
      'sfoglia/boundaries': 'error',
      // Each table has one owner area (tools/table-owners.js); the known crossings in tools/table-crossings.js.
      'sfoglia/tables': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...TOP_LEVEL_AWAIT] },
  },
  {
    // Query keys come from the query factories (`*.queries.ts`), never written by hand in a page (issue 20).
    files: ['src/web/pages/**/*.{ts,tsx}', 'src/web/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take the query from its factory (features/*/…queries.ts); never write a query key here.',
        },
        ...TOP_LEVEL_AWAIT,
      ],
    },
  },
  {
    // Screens take links and router hooks from shared/router (decision 31): a public page's first load runs
    // them on the first-load router, without React Router.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/shared/react-router-screens.ts', 'src/web/shared/router.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: [
                'Link',
                'NavLink',
                'Navigate',
                'Outlet',
                'ScrollRestoration',
                'useNavigate',
                'useSearchParams',
                'useParams',
                'useLocation',
                'useNavigation',
                'useRouteError',
                'isRouteErrorResponse',
                'redirect',
              ],
              message: 'Import it from shared/router (decision 31): the screens run on two routers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-*', 'fastify*', 'drizzle-orm*', 'pg'],
              message: 'domain is pure: no I/O or framework imports',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'e2e/**', 'bench/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    files: ['scripts/**', 'tools/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
