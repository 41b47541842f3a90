import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Where code may reach (docs/decisions/0019-app-server-boundary.md). ESLint keeps one configuration of a rule
// per file (a later block replaces an earlier one), so each block below lists everything its files may not do.

/** The one executor type of the repositories lives in server/db/database.ts. */
const kyselyInstanceTypes = {
  selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name=/^(Kysely|Transaction)$/]",
  message: 'Use Database, DatabaseTransaction or Executor from server/db/database.ts.',
};
/** SQL is written in *.repository.ts (and server/db/): a statement started anywhere else. */
const statementOutsideRepository = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
  message: 'SQL lives in the module\'s *.repository.ts: add a repository function and call it.',
};

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    // Migrations must not depend on today's schema types: Kysely's own guide types them as Kysely<any>.
    files: ['server/db/migrations/**', 'server/db/migrator.ts', 'server/db/migration-helpers.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A migration keeps doing what it did when it was written: it imports Kysely, other migrations and the
    // migration helpers, never the shop's runtime code (config, modules, core), which changes later.
    files: ['server/db/migrations/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!migration-helpers\\.ts$)', message: 'A migration imports no runtime code: copy what it needs into it.' }] }],
    },
  },
  {
    files: ['server/db/migration-helpers.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.', message: 'The migration helpers import no runtime code.' }] }] },
  },
  {
    // The pages reach the server through one named surface (server/page-surface.server.ts) and take their
    // pure rules from core/.
    files: ['app/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\./)+server/(?!page-surface\\.server(\\.ts)?$)', message: 'app/ imports the server through server/page-surface.server.ts only: add what the page needs there.' }],
          paths: [{ name: 'kysely', message: 'Pages reach the database through the services.' }],
        },
      ],
    },
  },
  {
    // The shop's pure rules depend on nothing of the server or the pages.
    files: ['core/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(server|app)(/|$)', message: 'core/ imports neither server/ nor app/.' }] }] },
  },
  {
    files: ['server/**'],
    ignores: ['server/db/**'],
    rules: { 'no-restricted-syntax': ['error', kyselyInstanceTypes] },
  },
  {
    files: ['server/**'],
    ignores: ['server/db/**', 'server/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': ['error', kyselyInstanceTypes, statementOutsideRepository],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: "SQL (Kysely's sql and its other values) lives in *.repository.ts." }] },
      ],
    },
  },
);
