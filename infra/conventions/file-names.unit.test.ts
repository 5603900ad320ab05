import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const skipped = new Set(['node_modules', 'dist', 'data', 'artifacts', 'build', '.git']);
/** kebab-case words, dot-separated suffixes allowed (`kiosk-face.int.test.ts`, `vite.config.ts`). */
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('file names (DESIGN §3 Names)', () => {
  it('are kebab-case for every TypeScript source of the repository', () => {
    const files = ['gateway', 'services', 'packages', 'infra', 'frontend', 'e2e', 'bench'].flatMap((top) => sourceFiles(join(root, top)));
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => !KEBAB_CASE.test(file.split('/').pop() ?? ''))).toEqual([]);
    expect(KEBAB_CASE.test('ClockKiosk.tsx')).toBe(false);
    expect(KEBAB_CASE.test('clock_kiosk.ts')).toBe(false);
  });
});
