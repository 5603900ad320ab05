// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const services = existsSync('services')
  ? readdirSync('services', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** A service imports only packages/*: never another service, the gateway or the launcher. */
const serviceBoundaries = services.map((service) => ({
  files: [`services/${service}/**/*.ts`],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: `./services/${service}`, from: './services', except: [`./${service}`], message: 'Services talk only through events: import from packages/* instead.' },
          { target: `./services/${service}`, from: './gateway', message: 'Services must not import the gateway.' },
          { target: `./services/${service}`, from: './infra', message: 'Services must not import infra.' },
        ],
      },
    ],
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: `^@ams/(?!${service}$)(identity|people|scheduling|leave|attendance|reporting|gateway|embedded)$`, message: 'Services import only packages/*.' }] },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'frontend/**', 'infra/kafka-mock/build/**'] },
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Packages are the shared layer: they must never reach up into an app.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@ams/(identity|people|scheduling|leave|attendance|reporting|gateway|embedded)$', message: 'Only apps may depend on apps; use packages/*.' }] },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['infra/embedded/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['eslint.config.js', 'vitest.config.ts', '**/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  ...serviceBoundaries,
);
