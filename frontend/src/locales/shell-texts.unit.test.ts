import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enPages } from './en-pages';

const src = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => join(folder, file));
}

/** Shared components that only pages render (the pages' texts are loaded by then). */
const pageOnly = new Set([
  'components/ui/option-select.tsx',
  'components/employee-picker/employee-picker.tsx',
  'components/no-company-hint.tsx',
  'components/ui/discard-guard.tsx',
  'components/ui/dialog-discard.tsx',
  'components/ui/date-field.tsx',
  'components/ui/date-calendar.tsx',
  'components/ui/recorded-offline-badge.tsx',
]);

/** What renders with the shell's texts alone: layouts, shell, shared UI, sign-in, the admin dashboard, the router's own pages. */
const shellFiles = [
  ...filesUnder('components').filter((file) => !pageOnly.has(file)),
  ...filesUnder('features/auth'),
  'features/dashboard/components/admin-dashboard.tsx',
  'app/router.tsx',
  'app/routes/guards.tsx',
  'app/routes/route-error.tsx',
  'app/routes/route-announcer.tsx',
  'app/routes/placeholder-page.tsx',
  'app/routes/access-denied-page.tsx',
];

/** The keys a file passes to `t(...)`: whole keys when written out, the fixed start of a template key. */
function keysIn(source: string): { key: string; whole: boolean }[] {
  return [...source.matchAll(/\bt\((['`])([a-zA-Z][\w.]*)(\$\{)?/g)].map((match) => ({ key: (match[2] ?? '').replace(/\.$/, ''), whole: match[1] === "'" }));
}

/** Whether the texts hold the key: a whole key may be a plural, kept as `key_one` and `key_other` (i18next). */
function has(texts: object, path: string, whole: boolean): boolean {
  return holds(texts, path, whole) || (whole && holds(texts, `${path}_one`, true) && holds(texts, `${path}_other`, true));
}

function holds(texts: object, path: string, whole: boolean): boolean {
  const parts = path.split('.');
  let node: unknown = texts;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return whole ? typeof node === 'string' : true;
}

describe('the shell texts (loaded at first, before any page texts)', () => {
  it('hold every key that the layouts, sign-in and the admin dashboard ask for', () => {
    const missing = shellFiles.flatMap((file) =>
      keysIn(readFileSync(join(src, file), 'utf8'))
        .filter(({ key }) => !key.startsWith('messages'))
        .filter(({ key, whole }) => !has(en, key, whole))
        .map(({ key }) => `${relative(src, join(src, file))}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('share no section with the pages texts, so a key has one home', () => {
    expect(Object.keys(en).filter((section) => Object.hasOwn(enPages, section))).toEqual([]);
  });
});
