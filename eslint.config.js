// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const frontendFeatures = existsSync('frontend/src/features')
  ? readdirSync('frontend/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const services = existsSync('services')
  ? readdirSync('services', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** A service imports only packages/*: never another service, the gateway or the launcher. */
const serviceBoundaries = services.flatMap((service) => {
  const otherApps = {
    regex: `^@ams/(?!${service}$)(identity|people|scheduling|leave|attendance|reporting|gateway|embedded)$`,
    message: 'Services import only packages/*.',
  };
  return [
    {
      files: [`services/${service}/**/*.ts`],
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            zones: [
              {
                target: `./services/${service}`,
                from: './services',
                except: [`./${service}`],
                message: 'Services talk only through events: import from packages/* instead.',
              },
              { target: `./services/${service}`, from: './gateway', message: 'Services must not import the gateway.' },
              // The test broker is test tooling: integration tests may start it (see below), runtime code may not.
              { target: `./services/${service}`, from: './infra', except: ['./kafka-mock'], message: 'Services must not import infra.' },
            ],
          },
        ],
        'no-restricted-imports': ['error', { patterns: [otherApps] }],
      },
    },
    {
      files: [`services/${service}/**/*.ts`],
      ignores: ['**/*.int.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [otherApps], paths: [{ name: '@ams/kafka-mock', message: 'The test broker is for integration tests only.' }] },
        ],
      },
    },
  ];
});

const namedExportsOnly = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

/**
 * Business time comes from the app's injected clock (`ctx.now`, a `Clock`); durations from performance.now().
 * Only @ams/contracts' systemClock reads the wall clock (DESIGN.md §3 Time).
 */
const clockMessage = "Read time through the injected clock (ctx.now / a Clock; systemClock only as an app's default), or performance.now() for durations.";
const wallClockReads = [
  { selector: "MemberExpression[object.name='Date'][property.name='now']", message: clockMessage },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: clockMessage },
  { selector: "CallExpression[callee.name='Date']", message: clockMessage },
];
/** Tests, their support code, benchmarks and the test broker may read the wall clock (they start their clocks at the real now). */
const mayReadWallClock = [
  'packages/contracts/src/clock.ts',
  '**/*.test.ts',
  '**/test-support/**',
  '**/testing/**',
  '**/*-test-support.ts',
  'infra/kafka-mock/**',
  'e2e/**',
  'bench/**',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'infra/kafka-mock/build/**', 'e2e/artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default` clause is a decision; a switch without one must name every case.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false }],
    },
  },
  // The browser bench is compiled with the e2e tier's DOM types, outside the root project.
  { files: ['bench/frontend.ts'], ...tseslint.configs.disableTypeChecked },
  importX.flatConfigs.typescript,
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      // Import circles are checked by infra/conventions/check-imports.ts (the end of `pnpm lint`): import-x/no-cycle skips
      // type-only imports with no option to count them, and took ~50 s of the lint where the check takes ~5 s.
      'import-x/no-self-import': 'error',
      // Packages are the shared layer: they must never reach up into an app.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@ams/(identity|people|scheduling|leave|attendance|reporting|gateway|embedded)$',
              message: 'Only apps may depend on apps; use packages/*.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', namedExportsOnly, ...wallClockReads],
    },
  },
  {
    files: mayReadWallClock,
    rules: { 'no-restricted-syntax': ['error', namedExportsOnly] },
  },
  {
    // DESIGN §3 Config: each app parses its environment once (config.ts) at its entry points; nothing else reads it.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      '**/config.ts',
      '**/server.ts',
      '**/migrate.ts',
      '**/main.ts',
      'services/attendance/src/rebuild-read-models.ts',
      'services/reporting/src/rebuild-read-models.ts',
      '**/scripts/**',
      '**/*.test.ts',
      '**/test-support/**',
      '**/testing/**',
      '**/testing.ts',
      'bench/**',
      'e2e/**',
      'vitest.config.ts',
      '**/vite.config.ts',
    ],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in config.ts, once, at the entry point.' }],
    },
  },
  {
    files: ['infra/embedded/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Benchmarks are tools outside the apps: they use the apps and packages through their package names, as a
    // deployment would, never by reaching into another folder's files (the e2e support of this same root package aside).
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(packages|services|gateway|infra)/', message: 'Import through the package name (@ams/...).' }] },
      ],
    },
  },
  {
    files: ['eslint.config.js', 'vitest.config.ts', '**/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...serviceBoundaries,
  // The SPA (bulletproof-react): features never import each other; shared code never imports features or the app.
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './frontend/tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', namedExportsOnly, ...wallClockReads],
      // The SPA shares only the contracts with the back end; the rest of packages/* is server code.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@ams/(?!contracts$)', message: 'The SPA imports only @ams/contracts among our packages.' }] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...frontendFeatures.map((feature) => ({
              target: `./frontend/src/features/${feature}`,
              from: './frontend/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in src/app.',
            })),
            ...['components', 'config', 'lib', 'locales'].map((layer) => ({
              target: `./frontend/src/${layer}`,
              from: ['./frontend/src/features', './frontend/src/app'],
              message: 'Shared code must not depend on features or the app.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['frontend/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['frontend/**/*.tsx'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }] },
  },
);
