import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes, formatMessage, isAllowed, type ApiRoute } from '@ams/contracts';
import { loadEmbeddedConfig } from './config.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Owner-pass-1';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let dataDir: string;
let system: EmbeddedSystem;
let token: string;
/** An Admin's token, for the personal-area routes a SuperAdmin may not use (spec §6). */
let adminToken: string;

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; element?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default and pipe wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? unwrapped(inner) : schema;
}

/** Top-level fields of an object schema (of every option of a union), with whether each holds text. */
function fieldsOf(schema: z.ZodType): Map<string, 'text' | 'text-list'> {
  const def = defOf(unwrapped(schema));
  const fields = new Map<string, 'text' | 'text-list'>();
  if (def.type === 'union') for (const option of def.options ?? []) for (const [name, kind] of fieldsOf(option)) fields.set(name, kind);
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    const inner = defOf(unwrapped(field));
    const textual = (candidate: Def) => ['string', 'enum', 'literal', 'template_literal'].includes(candidate.type);
    if (textual(inner)) fields.set(name, 'text');
    else if (inner.type === 'array' && inner.element && textual(defOf(unwrapped(inner.element)))) fields.set(name, 'text-list');
  }
  return fields;
}

interface Probe {
  label: string;
  method: string;
  path: string;
  body?: string;
  field: string;
}

/** One request per text field of the route (body, query, path) carrying `bad`, every other part harmless. */
function probesOf(route: ApiRoute, bad: string): Probe[] {
  const path = (id: string) => route.path.replace(':id', encodeURIComponent(id));
  const probes: Probe[] = [];
  if (route.path.includes(':id') && bad === '\u0000')
    probes.push({ label: `${route.method} ${route.path} :id`, method: route.method, path: path(`x${bad}`), field: 'id' });
  if (route.query && bad === '\u0000') {
    for (const [name] of fieldsOf(route.query)) {
      probes.push({
        label: `${route.method} ${route.path} ?${name}`,
        method: route.method,
        path: `${path(SOME_ID)}?${name}=${encodeURIComponent(`x${bad}`)}`,
        field: name,
      });
    }
  }
  if (route.body && !route.rawBody) {
    for (const [name, kind] of fieldsOf(route.body)) {
      const value = kind === 'text' ? `x${bad}y` : [`x${bad}y`];
      probes.push({
        label: `${route.method} ${route.path} body.${name}`,
        method: route.method,
        path: path(SOME_ID),
        body: JSON.stringify({ [name]: value }),
        field: kind === 'text' ? name : `${name}.0`,
      });
    }
  }
  return probes;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-unsafe-text-'));
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
  const session = await fetch(`${system.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  token = ((await session.json()) as { accessToken: string }).accessToken;
  adminToken = await signedInAdmin();
});

async function call(path: string, method: string, bearer: string, body?: unknown): Promise<Response> {
  return fetch(`${system.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** An Admin (the built-in Admin role) of a new company, signed in. */
async function signedInAdmin(): Promise<string> {
  const company = (await (await call('/api/companies', 'POST', token, { name: 'Probes' })).json()) as { id: string };
  const roles = (await (await call('/api/roles?search=Admin', 'GET', token)).json()) as { items: Array<{ id: string; name: string }> };
  const roleId = roles.items.find((role) => role.name === 'Admin')?.id;
  const email = 'probe.admin@example.com';
  const password = 'Probe-admin-pass-1!';
  const created = await call('/api/users', 'POST', token, {
    name: 'Probe Admin',
    email,
    accountType: 'Admin',
    roleId,
    status: 'enabled',
    companyId: company.id,
    password,
    confirmPassword: password,
  });
  if (created.status !== 201) throw new Error(`the Admin was refused: ${created.status} ${await created.text()}`);
  const session = await call('/api/user/login', 'POST', '', { email, password });
  return ((await session.json()) as { accessToken: string }).accessToken;
}

const superAdmin = { accountType: 'SuperAdmin', permissions: {} };

afterAll(async () => {
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('text no database can store, in any field of any route', () => {
  it('is refused with 400 problem+json naming the field: a NUL in bodies, queries and paths, a lone surrogate in bodies', async () => {
    const probes = (apiRoutes as readonly ApiRoute[]).flatMap((route) =>
      [...probesOf(route, '\u0000'), ...probesOf(route, '\ud800')].map((probe) => ({
        ...probe,
        bearer: isAllowed(superAdmin, route.access) ? token : adminToken,
      })),
    );
    const wrong: string[] = [];
    for (const probe of probes) {
      const response = await fetch(`${system.url}${probe.path}`, {
        method: probe.method,
        headers: { authorization: `Bearer ${probe.bearer}`, ...(probe.body ? { 'content-type': 'application/json' } : {}) },
        ...(probe.body ? { body: probe.body } : {}),
      });
      const answer = (await response.json().catch(() => null)) as { detail?: string; errors?: Array<{ path: string }> } | null;
      const named = answer?.errors?.[0]?.path === probe.field && answer.detail === formatMessage('unsafeText');
      if (response.status !== 400 || !response.headers.get('content-type')?.startsWith('application/problem+json') || !named) {
        wrong.push(`${probe.label}: ${response.status} ${JSON.stringify(answer)}`);
      }
    }
    console.info(`unsafe text: ${probes.length} requests over ${apiRoutes.length} routes, ${wrong.length} not a 400 naming the field`);
    expect(wrong).toEqual([]);
    expect(probes.length).toBeGreaterThan(150);
  });
});
