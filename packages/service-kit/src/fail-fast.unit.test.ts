import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { secretSetting } from './config-schema.ts';
import { describeSetupError } from './fail-fast.ts';

const schema = z.object({ DATABASE_URL: z.url(), INTERNAL_SECRET: secretSetting('INTERNAL_SECRET') });

function settingsError(env: Record<string, string>): unknown {
  const result = schema.safeParse(env);
  return result.success ? undefined : result.error;
}

describe('describeSetupError', () => {
  it('names every bad setting on one line: unset ones as not set, a short secret with its rule', () => {
    expect(describeSetupError(settingsError({}))).toBe('bad configuration: DATABASE_URL: is not set; INTERNAL_SECRET: is not set');
    expect(describeSetupError(settingsError({ DATABASE_URL: 'nope', INTERNAL_SECRET: 'short' }))).toBe(
      'bad configuration: DATABASE_URL: Invalid URL; INTERNAL_SECRET: INTERNAL_SECRET must be at least 32 characters',
    );
  });

  it('says how to fix a missing database and names an unreachable server', () => {
    const missing = Object.assign(new Error('database "people" does not exist'), { code: '3D000' });
    expect(describeSetupError(missing)).toBe('database "people" does not exist (create it first, e.g. with createdb)');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeSetupError(refused)).toBe('cannot connect: connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeSetupError(new AggregateError([refused], ''))).toBe('cannot connect: connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('leaves a programming error to its stack trace', () => {
    expect(describeSetupError(new TypeError('x is not a function'))).toBeUndefined();
    expect(describeSetupError('a string')).toBeUndefined();
  });
});
