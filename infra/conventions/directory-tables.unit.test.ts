import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, sourceFiles } from './source-files.ts';

// The directory's tables and SQL functions are packages/directory's: services read them through its named
// functions and SQL pieces, so a change of those tables stays in one package. Tests may still seed or watch them.
const DIRECTORY_TABLE = /\bdirectory_(employees|companies|leave_types|leave_groups|schedules|settings|effective_settings)\b/;

describe("the directory's tables", () => {
  it('are named in SQL only by packages/directory (tests aside)', () => {
    const files = ['gateway', 'services', 'infra'].flatMap((top) => sourceFiles(join(root, top))).filter((file) => !/\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => DIRECTORY_TABLE.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
