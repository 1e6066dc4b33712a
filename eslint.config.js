// ESLint: typescript-eslint's recommended rules, the Astro plugin's, and the import boundaries the
// architecture relies on (docs/ARCHITECTURE.md): data flows database -> services -> routes -> typed
// client -> stores -> islands, and each layer may only reach down, never sideways into another.
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

/** A module path into one of our own src folders, written relative or with the ~/ alias. */
const inSrc = (...folders) => `^(~/|(\\.\\./)+)(${folders.join('|')})(/|$)`;

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', '.astro/', 'coverage/', 'src/server/db/migrations/', 'public/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      // Unused names are errors, but a leading underscore marks one kept on purpose (a skipped argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `any` is allowed where a test or a bench reads loose JSON; the source keeps it rare by review.
      '@typescript-eslint/no-explicit-any': 'off',
      // Non-null assertions mark places a check above already made (noUncheckedIndexedAccess).
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Types imported as types, so islands can take shapes from server modules at zero bytes.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/lib/**/*.ts'],
    ignores: ['src/lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: inSrc('server', 'site', 'api', 'build') + '|^(\\.\\./)+\\.\\./(scripts|tests)',
              message: 'src/lib holds pure rules: it imports nothing of ours outside src/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/site/islands/**/*.{ts,tsx}', 'src/site/stores/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: inSrc('server', 'build') + '|^(\\.\\./)+(server|build)/',
              allowTypeImports: true,
              message:
                'Islands run in the browser: server and build code only as `import type` (zero bytes); shared rules live in src/lib.',
            },
            {
              regex: '^zod$',
              allowTypeImports: true,
              message: 'No zod values in islands (bundle size; the CSP forbids its eval probe): import types only.',
            },
          ],
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message:
                'useId differs between the build and the browser: @astrojs/react renders islands without their `prefix` (experimentalDisableStreaming) but hydrates with it. Derive ids from props; useId only in what renders on the client alone.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/site/pages/**/*', 'src/site/components/**/*', 'src/site/layouts/**/*', 'src/site/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // The build hands the pages what they need (src/site/build-input.ts); they never reach for it.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: inSrc('build') + '|^(\\.\\./)+build/',
              message:
                'Pages do not import the build pipeline: they read the API through src/site/data.ts and the build input (src/site/build-input.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.object.name='process'][object.property.name='env'][property.name=/^(QATEH_|SITE_MAX_PRODUCTS$|BUILD_WORKERS$)/]",
          message: "Pages do not read the build's environment: the build passes what they need in (src/site/build-input.ts).",
        },
      ],
    },
  },
  {
    files: ['src/server/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'hono', message: 'Services do not know HTTP: routes turn requests into calls.' }],
          patterns: [{ regex: '^(hono|@hono)/', message: 'Services do not know HTTP: routes turn requests into calls.' }],
        },
      ],
    },
  },
);
