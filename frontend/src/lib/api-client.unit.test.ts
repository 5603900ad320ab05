import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, csrfTokenOf, kioskApi, request, REQUEST_TIMEOUT_MS } from './api-client';
import { authenticatedAtom, sessionAtom, sessionEndReasonAtom, signInAtom } from './session';
import { appStore } from './store';

// Before the session module loads: local storage holds a session an earlier version stored with its token, and
// the page's cookies stand in for document.cookie.
vi.hoisted(() => {
  localStorage.setItem('session', JSON.stringify({ token: 'old-stored-token', user: null }));
  Object.assign(globalThis, { document: { cookie: 'theme=dark; csrf_token=the-csrf%2Bvalue; lang=en' } });
});

const user = { id: '00000000-0000-4000-8000-000000000000', name: 'A', email: 'a@example.com', image: null, account_type: 'Admin' as const, role: {} };

function answering(status: number, body: unknown = {}, base = api) {
  const seen: Request[] = [];
  const client = base.extend({
    prefixUrl: 'http://app.test/api',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });
    },
  });
  return { client, seen };
}

describe('API client (spec §4, §8, §9)', () => {
  it('keeps the token out of JavaScript: no bearer header, nothing stored, the cookie rides along; 60-second time-out', async () => {
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    const { client, seen } = answering(200, { ok: true });
    await client.get('me').json();
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.credentials).toBe('same-origin');
    expect(localStorage.getItem('session')).not.toContain('the-token');
    expect(JSON.parse(localStorage.getItem('session') ?? '{}')).toEqual({ user });
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });

  it('forgets a token an earlier version stored', () => {
    expect(localStorage.getItem('session') ?? '').not.toContain('old-stored-token');
  });

  it('echoes the CSRF cookie in its header on unsafe calls only', async () => {
    const { client, seen } = answering(200, { ok: true });
    await client.get('users').json();
    await client.post('users', { json: {} }).json();
    await client.delete('users/1').json();
    expect(seen.map((each) => each.headers.get('x-csrf-token'))).toEqual([null, 'the-csrf+value', 'the-csrf+value']);
    expect(csrfTokenOf('a=1; csrf_token=x=y')).toBe('x=y');
    expect(csrfTokenOf('a=1')).toBeNull();
  });

  it.each([401, 419, 440])('signs out silently on %i', async (status) => {
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    const { client } = answering(status, { message: 'Unauthorized' });
    await expect(request(() => client.get('users').json())).rejects.toBeInstanceOf(ApiError);
    expect(appStore.get(authenticatedAtom)).toBe(false);
    expect(appStore.get(sessionAtom)).toEqual({ user: null });
  });

  it('remembers why an administrator ended the session, for the sign-in page, until the next sign-in', async () => {
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    const { client } = answering(401, { status: 401, reason: 'role-changed', messageKey: 'sessionEndedRoleChanged' });
    await expect(request(() => client.get('users').json())).rejects.toBeInstanceOf(ApiError);
    expect(appStore.get(authenticatedAtom)).toBe(false);
    expect(appStore.get(sessionEndReasonAtom)).toBe('role-changed');
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    expect(appStore.get(sessionEndReasonAtom)).toBeNull();
    await expect(request(() => answering(401, { reason: 'made-up' }).client.get('users').json())).rejects.toBeInstanceOf(ApiError);
    expect(appStore.get(sessionEndReasonAtom)).toBeNull();
  });

  it('keeps the session on other failures, and on a refused sign-in (about the typed credentials)', async () => {
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    await expect(request(() => answering(403).client.get('users').json())).rejects.toMatchObject({ status: 403 });
    await expect(request(() => answering(401).client.post('user/login', { json: {} }).json())).rejects.toMatchObject({ status: 401 });
    expect(appStore.get(authenticatedAtom)).toBe(true);
  });

  it("shows the server's message, else the error's own text, and keeps field errors", async () => {
    const problem = {
      detail: 'Invalid email or password',
      message: 'Invalid email or password',
      errors: [{ path: 'email', message: 'Invalid email address' }],
    };
    const failure = await request(() => answering(400, problem).client.post('users').json()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'Invalid email or password', status: 400, fieldErrors: [{ path: 'email', message: 'Invalid email address' }] });
  });

  // Issue 17: never "Request failed with status code 500 … GET http://…".
  it.each([
    ['a 500 with no body', 500, {}],
    ['a 502 with a technical detail', 502, { detail: 'upstream connect error' }],
    ['a 404 that says nothing', 404, {}],
  ])("shows 'Something went wrong!' for %s", async (_case, status, body) => {
    const failure = (await request(() => answering(status, body).client.get('employees').json()).catch((error: unknown) => error)) as ApiError;
    expect(failure).toMatchObject({ status, messageKey: 'somethingWentWrong', message: 'Something went wrong!' });
    expect(failure.message).not.toMatch(/http|status code/i);
  });

  it("keeps a server error's own catalogue message (a 503 says it in the user's language)", async () => {
    const failure = await request(() => answering(503, { detail: 'Face recognition is busy', messageKey: 'faceUnavailable' }).client.get('x').json()).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ status: 503, messageKey: 'faceUnavailable' });
  });

  it("shows 'Something went wrong!' when no answer came (network failure), with no status so a punch may be retried", async () => {
    const offline = api.extend({
      prefixUrl: 'http://app.test/api',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const failure = await request(() => offline.get('employees').json()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: null, messageKey: 'somethingWentWrong', message: 'Something went wrong!' });
  });

  it('keeps the session when the kiosk answers 401 (a wrong PIN or a stale ticket is not an ended session)', async () => {
    appStore.set(signInAtom, { accessToken: 'the-token', user });
    const wrongPin = answering(401, { detail: 'Wrong ID or PIN', message: 'Wrong ID or PIN' }, kioskApi);
    await expect(request(() => wrongPin.client.post('clock/identify/pin', { json: {} }).json())).rejects.toMatchObject({
      status: 401,
      message: 'Wrong ID or PIN',
    });
    await expect(request(() => answering(401, {}, kioskApi).client.post('clock/punch', { json: {} }).json())).rejects.toMatchObject({ status: 401 });
    // Even through the session client, a clock call's 401 leaves the session alone.
    await expect(request(() => answering(401).client.post('clock/punch', { json: {} }).json())).rejects.toMatchObject({ status: 401 });
    expect(appStore.get(authenticatedAtom)).toBe(true);
    // The kiosk never acts as the signed-in user: it sends neither a token nor the cookie.
    expect(wrongPin.seen[0]?.headers.get('authorization')).toBeNull();
    expect(wrongPin.seen[0]?.credentials).toBe('omit');
  });
});
