import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi.ts';

const run = promisify(execFile);
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ams-openapi-lint-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Redocly's linter on the document, with its recommended rules only (no config file is read from the work directory). */
async function lint(document: unknown): Promise<LintReport> {
  const file = join(workDir, 'openapi.json');
  await writeFile(file, JSON.stringify(document, null, 2));
  const output = await run(process.execPath, [redoclyCli, 'lint', file, '--format=json', '--extends=recommended'], {
    cwd: workDir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(output.stdout) as LintReport;
}

describe('the generated OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const report = await lint(buildOpenApiDocument());
    expect(report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('is linted for real: a document without servers and tag descriptions fails', async () => {
    const { servers: _servers, ...withoutServers } = buildOpenApiDocument();
    const report = await lint({ ...withoutServers, tags: withoutServers.tags.map(({ name }) => ({ name })) });
    expect(report.problems.map((problem) => problem.ruleId)).toEqual(expect.arrayContaining(['no-empty-servers', 'tag-description']));
  });
});
