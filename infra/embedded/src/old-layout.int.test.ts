import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, migrate, startEmbeddedPostgres } from '@ams/db';
import { loadEmbeddedConfig } from './config.ts';
import { appDatabases, socketDir } from './database.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Owner-pass-1';
const COMPANY_ID = randomUUID();
const SCREENSHOT = Buffer.from([0, 1, 2, 254, 255, 92, 120]);

let dataDir: string;
let system: EmbeddedSystem | undefined;

function appOf(name: string) {
  const app = appDatabases.find((each) => each.name === name);
  if (!app) throw new Error(`no app ${name}`);
  return app;
}

/** What an older version left: one PGlite per app under postgres/<app>, its socket under sockets/<app>, with data. */
async function oldDatabase(name: string, fill: (url: string) => Promise<void>): Promise<void> {
  const app = appOf(name);
  const old = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres', name), socketDir: join(dataDir, 'sockets', name) });
  try {
    await migrate({ connectionString: old.url, schema: app.schema, sources: app.sources });
    await fill(old.url);
  } finally {
    await old.stop();
  }
}

async function onPool<T>(url: string, schema: string | undefined, work: (pool: ReturnType<typeof createPool>) => Promise<T>): Promise<T> {
  const pool = createPool({ connectionString: url, max: 1, ...(schema ? { schema } : {}) });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-old-layout-'));
  await oldDatabase('people', (url) =>
    onPool(url, 'people', async (pool) => {
      await pool.query("INSERT INTO companies (id, name, created_at, updated_at) VALUES ($1, 'Moved Co', '2024-01-02T03:04:05.678Z', now())", [COMPANY_ID]);
    }),
  );
  await oldDatabase('identity', (url) =>
    onPool(url, 'identity', async (pool) => {
      for (const message of ['first', 'second']) {
        await pool.query(
          `INSERT INTO feedback (id, sender_name, sender_email, category, message, page, screenshot, created_at)
           VALUES ($1, 'Ann', 'ann@example.com', 'idea', $2, '/x', $3, '2024-05-06T07:08:09Z')`,
          [randomUUID(), message, SCREENSHOT],
        );
      }
    }),
  );
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
}, 240_000);

afterAll(async () => {
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a data directory of the per-app database layout', () => {
  it('keeps its data: the apps find their rows in the one database, and the old directories are gone', async () => {
    const login = await fetch(`${system?.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const companies = await fetch(`${system?.url}/api/companies/${COMPANY_ID}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(companies.status).toBe(200);
    expect(((await companies.json()) as { name: string }).name).toBe('Moved Co');
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    expect(existsSync(join(dataDir, 'sockets'))).toBe(false);
  });

  it('moves every value as it was (bytes, instants) and the sequences with it', async () => {
    const url = `postgres://postgres@${encodeURIComponent(socketDir(dataDir))}/postgres`;
    const feedback = await onPool(url, undefined, (pool) =>
      pool.query<{ seq: number; message: string; screenshot: Buffer; created: string }>(
        `SELECT seq, message, screenshot, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created FROM identity.feedback ORDER BY seq`,
      ),
    );
    expect(feedback.rows.map((row) => [row.seq, row.message, row.created])).toEqual([
      [1, 'first', '2024-05-06 07:08:09'],
      [2, 'second', '2024-05-06 07:08:09'],
    ]);
    expect(feedback.rows.every((row) => row.screenshot.equals(SCREENSHOT))).toBe(true);
    const next = await onPool(url, undefined, (pool) =>
      pool.query<{ seq: number }>(
        `INSERT INTO identity.feedback (id, sender_name, sender_email, category, message, page, created_at)
         VALUES ($1, 'Bo', 'bo@example.com', 'idea', 'third', '/x', now()) RETURNING seq`,
        [randomUUID()],
      ),
    );
    expect(next.rows[0]?.seq).toBe(3);
    const company = await onPool(url, undefined, (pool) =>
      pool.query<{ created: string }>(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS created FROM people.companies WHERE id = $1`,
        [COMPANY_ID],
      ),
    );
    expect(company.rows).toEqual([{ created: '2024-01-02 03:04:05.678' }]);
  });
});
