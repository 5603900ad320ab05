import { describe, expect, it } from 'vitest';
import * as contracts from '../index.ts';
import { ipRestrictionSchema } from '../people/settings-rules.ts';
import { apiRoutes, type ApiRoute } from '../routes/api-routes.ts';
import { isMessageKey } from './message-format.ts';

/** Whatever a zod schema or check states as its own message, anywhere inside `node` (zod keeps it as `def.error`). */
function statedMessages(node: unknown, seen = new Set<object>()): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node) || node instanceof RegExp) return [];
  seen.add(node);
  const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  const values = def ? Object.values(def) : Array.isArray(node) || Object.getPrototypeOf(node) === Object.prototype ? Object.values(node) : [];
  const error = def?.['error'];
  const own = typeof error === 'function' ? [(error as (issue: object) => unknown)({ code: 'custom', path: [], input: undefined })] : [];
  const texts = own.map((stated) => (typeof stated === 'object' && stated !== null && 'message' in stated ? stated.message : stated));
  return [...texts.filter((text): text is string => typeof text === 'string'), ...values.flatMap((value) => statedMessages(value, seen))];
}

describe('the validation rules', () => {
  it('state every message of a request by catalogue key', () => {
    const requests = (apiRoutes as readonly ApiRoute[]).flatMap((route) => [route.params, route.query, route.body]);
    const messages = statedMessages(requests);
    expect(messages.length).toBeGreaterThan(100);
    expect([...new Set(messages.filter((text) => !isMessageKey(text)))]).toEqual([]);
  });

  it('state a custom issue by key too, with its parameters', () => {
    const issue = ipRestrictionSchema.safeParse('10.0.0.1, nonsense').error?.issues[0];
    expect(issue).toMatchObject({ message: 'notAnIpAddress', params: { addresses: 'nonsense' } });
  });

  it('leave no way to key an English text back', () => {
    expect(Object.keys(contracts).filter((name) => /keyOf|fromEnglish/i.test(name))).toEqual([]);
  });
});
