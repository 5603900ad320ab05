import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Principal } from '@ams/contracts';
import { anonymous } from '@ams/contracts/testing';
import { readSamplePhoto } from '@ams/face/testing';
import { asCaller } from '@ams/service-kit/testing';
import { ADMIN_EMAIL, announceCompany, createUserThroughApi, principalOf, startIdentity, type IdentityHarness } from '../test-support/identity-harness.ts';

let identity: IdentityHarness;
let root: Principal;
let adminA: Principal;
let adminB: Principal;
let employeeA: Principal;

const COMPANY_A = '5a5a5a5a-0000-4000-8000-00000000000a';
const COMPANY_B = '6b6b6b6b-0000-4000-8000-00000000000b';
// The smallest valid PNG (1×1, transparent).
const PNG_1X1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function call(principal: Principal, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return identity.app.inject({ method, url, headers: asCaller(principal), ...(payload ? { payload } : {}) });
}

const createUser = (email: string, accountType: 'Admin' | 'Employee', companyId: string) =>
  createUserThroughApi(identity, root, { email, accountType, companyId });

beforeAll(async () => {
  identity = await startIdentity();
  root = await principalOf(identity.pool, ADMIN_EMAIL);
  await announceCompany(identity, COMPANY_A, 'A');
  await announceCompany(identity, COMPANY_B, 'B');
  adminA = await createUser('legal.admin.a@example.com', 'Admin', COMPANY_A);
  adminB = await createUser('legal.admin.b@example.com', 'Admin', COMPANY_B);
  employeeA = await createUser('legal.employee.a@example.com', 'Employee', COMPANY_A);
});
afterAll(async () => {
  await identity?.close();
});

describe('legal notice', () => {
  const texts = { terms: { en: '# Our terms\n\nBe fair.', es: '# Nuestros términos\n\nSé justo.' }, privacy: { en: 'We keep little.', es: 'Guardamos poco.' } };

  it('is readable without signing in, with the default texts in English and Spanish until changed', async () => {
    const response = await call(anonymous, 'GET', '/api/legal');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ customised: false, updatedAt: null });
    expect(body.terms.en).toMatch(/^# Terms and conditions/);
    expect(body.terms.es).toMatch(/^# Términos y condiciones/);
    expect(body.privacy.en).toMatch(/^# Privacy policy/);
    expect(body.privacy.es).toMatch(/^# Política de privacidad/);
  });

  it('is changed by a SuperAdmin only, and everyone then reads the new texts', async () => {
    expect(await call(adminA, 'PUT', '/api/settings/legal', texts)).toMatchObject({ statusCode: 403 });
    expect(await call(employeeA, 'PUT', '/api/settings/legal', texts)).toMatchObject({ statusCode: 403 });
    const saved = await call(root, 'PUT', '/api/settings/legal', texts);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...texts, customised: true, updatedAt: expect.any(String) });
    expect((await call(anonymous, 'GET', '/api/legal')).json()).toMatchObject(texts);
  });

  it('refuses empty and overlong texts with their messages', async () => {
    const empty = await call(root, 'PUT', '/api/settings/legal', { ...texts, privacy: { en: '  ', es: 'x' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ detail: 'Please fill out all fields', messageKey: 'pleaseFillOutAllFields' });
    const long = await call(root, 'PUT', '/api/settings/legal', { ...texts, terms: { en: 'x'.repeat(20_001), es: 'x' } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ detail: 'The text is too long', messageKey: 'textTooLong' });
    expect(await call(root, 'PUT', '/api/settings/legal', { terms: texts.terms })).toMatchObject({ statusCode: 400 });
  });
});

describe('feedback', () => {
  it('is sent by any signed-in user, with their name and company kept, and a PNG screenshot when given', async () => {
    const sent = await call(employeeA, 'POST', '/api/feedback', {
      category: 'problem',
      message: 'The clock page is slow',
      page: '/personal/attendance',
      screenshot: PNG_1X1,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: 'Feedback sent, thank you!',
      feedback: {
        category: 'problem',
        message: 'The clock page is slow',
        page: '/personal/attendance',
        hasScreenshot: true,
        status: 'open',
        senderEmail: 'legal.employee.a@example.com',
        companyId: COMPANY_A,
      },
    });
    const id = sent.json().feedback.id as string;
    const screenshot = await call(adminA, 'GET', `/api/feedback/${id}/screenshot`);
    expect(screenshot.statusCode).toBe(200);
    expect(screenshot.headers['content-type']).toBe('image/png');
    expect(screenshot.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await call(root, 'POST', '/api/feedback', { category: 'idea', message: 'Dark mode everywhere' })).toMatchObject({ statusCode: 201 });
    expect(await call(anonymous, 'POST', '/api/feedback', { category: 'idea', message: 'Hello' })).toMatchObject({ statusCode: 401 });
  });

  it('refuses a missing category, an empty or overlong message and a screenshot that is not a small PNG', async () => {
    const cases: Array<[object, number, string]> = [
      [{ message: 'No category' }, 400, 'Choose a category'],
      [{ category: 'complaint', message: 'Unknown category' }, 400, 'Choose a category'],
      [{ category: 'idea', message: '   ' }, 400, 'Message is required'],
      [{ category: 'idea', message: 'x'.repeat(2001) }, 400, 'The text is too long'],
      [{ category: 'idea', message: 'JPEG', screenshot: 'data:image/jpeg;base64,/9j/4AAQ' }, 400, 'The screenshot must be a PNG image'],
      [
        {
          category: 'idea',
          message: 'Fake PNG',
          screenshot: `data:image/png;base64,${Buffer.from('not a png at all, just some text here').toString('base64')}`,
        },
        400,
        'The screenshot must be a PNG image',
      ],
      [{ category: 'idea', message: 'Huge', screenshot: `data:image/png;base64,${'A'.repeat(900_000)}` }, 400, 'The screenshot is too large'],
    ];
    for (const [payload, status, detail] of cases) {
      const response = await call(employeeA, 'POST', '/api/feedback', payload);
      expect({ status: response.statusCode, detail: response.json().detail }, JSON.stringify(payload).slice(0, 80)).toEqual({ status, detail });
    }
  });

  it("is listed to the Admins of the sender's company only, newest first, filtered by status and category, in pages", async () => {
    await call(employeeA, 'POST', '/api/feedback', { category: 'question', message: 'How do I change my PIN?' });
    const listA = (await call(adminA, 'GET', '/api/feedback')).json();
    expect(listA.items.every((item: { companyId: string }) => item.companyId === COMPANY_A)).toBe(true);
    expect(listA.items.map((item: { message: string }) => item.message)).toEqual(['How do I change my PIN?', 'The clock page is slow']);
    expect((await call(adminB, 'GET', '/api/feedback')).json()).toEqual({ items: [], total: 0 });
    expect((await call(root, 'GET', '/api/feedback')).json().total).toBe(3);
    expect((await call(adminA, 'GET', '/api/feedback?category=question')).json()).toMatchObject({ total: 1, items: [{ category: 'question' }] });
    const paged = (await call(adminA, 'GET', '/api/feedback?page=2&pageSize=1')).json();
    expect(paged).toMatchObject({ total: 2, items: [{ message: 'The clock page is slow' }] });
    expect(await call(adminA, 'GET', '/api/feedback?status=closed')).toMatchObject({ statusCode: 400 });
    expect(await call(employeeA, 'GET', '/api/feedback')).toMatchObject({ statusCode: 403 });
  });

  it('is marked resolved by an Admin of its company, and the resolved filter finds it', async () => {
    const [open] = (await call(adminA, 'GET', '/api/feedback?category=question')).json().items as Array<{ id: string }>;
    expect(await call(adminB, 'POST', `/api/feedback/${open?.id}/resolve`)).toMatchObject({ statusCode: 404 });
    expect(await call(adminB, 'GET', `/api/feedback/${open?.id}/screenshot`)).toMatchObject({ statusCode: 404 });
    const resolved = await call(adminA, 'POST', `/api/feedback/${open?.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect((await call(adminA, 'GET', '/api/feedback?status=resolved')).json()).toMatchObject({ total: 1, items: [{ id: open?.id }] });
    expect((await call(adminA, 'GET', '/api/feedback?status=open')).json()).toMatchObject({ total: 1, items: [{ message: 'The clock page is slow' }] });
    const withoutScreenshot = await call(adminA, 'GET', `/api/feedback/${open?.id}/screenshot`);
    expect(withoutScreenshot.statusCode).toBe(404);
    expect(withoutScreenshot.json()).toMatchObject({ detail: 'Not found' });
    expect(await call(adminA, 'POST', '/api/feedback/not-an-id/resolve')).toMatchObject({ statusCode: 400 });
  });

  it('is never shown to an Admin without a company when a SuperAdmin sent it, as the users list hides SuperAdmins', async () => {
    const sent = await call(root, 'POST', '/api/feedback', { category: 'other', message: 'A note from the owner' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().feedback.id as string;
    const companyless = { ...adminA, companyId: null } as Principal;
    const listed = (await call(companyless, 'GET', '/api/feedback')).json();
    expect(listed.items.map((item: { message: string }) => item.message)).not.toContain('A note from the owner');
    expect(await call(companyless, 'POST', `/api/feedback/${id}/resolve`)).toMatchObject({ statusCode: 404 });
    expect((await call(root, 'GET', '/api/feedback')).json().items.map((item: { id: string }) => item.id)).toContain(id);
  });

  it('is readable by an Admin whose role grants feedback (the default Admin role does)', async () => {
    const { rows } = await identity.pool.query<{ permissions: Record<string, string[]> }>(
      "SELECT permissions FROM roles WHERE name = 'Admin' AND company_id IS NULL",
    );
    expect(rows[0]?.permissions['feedback']).toEqual(expect.arrayContaining(['read', 'update']));
  });
});

describe('time-format preference', () => {
  it("is the user's own (24 or 12 hours, or null for the company's) and comes back with the signed-in user", async () => {
    expect((await call(employeeA, 'GET', '/api/me')).json()).toMatchObject({ time_format: null });
    const chosen = await identity.app.inject({ method: 'PATCH', url: '/api/me', headers: asCaller(employeeA), payload: { timeFormat: '12' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ time_format: '12' });
    expect((await call(employeeA, 'GET', '/api/me')).json()).toMatchObject({ time_format: '12' });
    const reset = await identity.app.inject({ method: 'PATCH', url: '/api/me', headers: asCaller(employeeA), payload: { timeFormat: null } });
    expect(reset.json()).toMatchObject({ time_format: null });
    const wrong = await identity.app.inject({ method: 'PATCH', url: '/api/me', headers: asCaller(employeeA), payload: { timeFormat: '25' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'Time format must be 24 or 12 hours', messageKey: 'timeFormatPreference' });
  });
});

describe('profile image', () => {
  function upload(principal: Principal, bytes: Buffer, type = 'image/jpeg') {
    return identity.app.inject({ method: 'PUT', url: '/api/me/image', headers: { ...asCaller(principal), 'content-type': type }, payload: bytes });
  }

  it('is uploaded through the photo pipeline (re-encoded, square, small), shown by its versioned URL, and removed', async () => {
    const uploaded = await upload(employeeA, await readSamplePhoto(2));
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json().image as string;
    expect(image).toMatch(/^\/api\/me\/image\?v=\d+$/);
    const served = await identity.app.inject({ method: 'GET', url: '/api/me/image', headers: asCaller(employeeA) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(served.rawPayload.length).toBeLessThan(20_000);
    expect((await call(employeeA, 'GET', '/api/me')).json()).toMatchObject({ image });
    const removed = await identity.app.inject({ method: 'DELETE', url: '/api/me/image', headers: asCaller(employeeA) });
    expect(removed.json()).toMatchObject({ image: null });
    expect(await identity.app.inject({ method: 'GET', url: '/api/me/image', headers: asCaller(employeeA) })).toMatchObject({ statusCode: 404 });
  });

  it('refuses what is not an image we accept', async () => {
    expect(await upload(employeeA, Buffer.from('GIF89a not really'), 'image/gif')).toMatchObject({ statusCode: 415 });
    const text = await upload(employeeA, Buffer.from('plain text, not a picture'), 'image/png');
    expect(text.statusCode).toBe(415);
    const truncated = (await readSamplePhoto(2)).subarray(0, 2000);
    expect(await upload(employeeA, truncated)).toMatchObject({ statusCode: 422 });
    expect(
      await identity.app.inject({ method: 'PUT', url: '/api/me/image', headers: { ...asCaller(anonymous), 'content-type': 'image/jpeg' }, payload: truncated }),
    ).toMatchObject({ statusCode: 401 });
  });
});
