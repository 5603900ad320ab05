import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './source-files.ts';

/** kebab-case words, dot-separated suffixes allowed (`kiosk-face.int.test.ts`, `vite.config.ts`). */
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx?$/;

describe('file names (DESIGN §3 Names)', () => {
  it('are kebab-case for every TypeScript source of the repository', () => {
    const files = ['gateway', 'services', 'packages', 'infra', 'frontend', 'e2e', 'bench'].flatMap((top) => sourceFiles(join(root, top)));
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => !KEBAB_CASE.test(file.split('/').pop() ?? ''))).toEqual([]);
    expect(KEBAB_CASE.test('ClockKiosk.tsx')).toBe(false);
    expect(KEBAB_CASE.test('clock_kiosk.ts')).toBe(false);
  });
});
