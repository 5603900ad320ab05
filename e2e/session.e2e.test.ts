import { describe, expect, it } from 'vitest';
import { formatMessage } from '../packages/contracts/src/index.ts';
import { ApiClient } from './support/api.ts';
import { ADMIN_EMAIL, gotoAndSignIn, pathOf, signIn, signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('sign-in and session (spec §2, §4, §8)', () => {
  it('shows the server message, in Spanish, when the password is wrong', async () => {
    const { page } = browser;
    await gotoAndSignIn(page, '/sign-in', ADMIN_EMAIL, 'Wrong-password-1!');
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('Correo electrónico o contraseña no válidos');
    expect(pathOf(page)).toBe('/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).not.toBe('true');
  });

  it("says 'Unable to sign in' when the answer is empty, and 'Something went wrong!' when the server fails without a message", async () => {
    const { page } = browser;
    await page.route('**/api/user/login', (route) => route.fulfill({ status: 200, body: '' }));
    await gotoAndSignIn(page);
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('No se pudo iniciar sesión');

    await page.unroute('**/api/user/login');
    await page.route('**/api/user/login', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await signIn(page);
    // Issue 17: an unexpected server error is 'Something went wrong!', never the client's 'Request failed with status code 500 …'.
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe(formatMessage('somethingWentWrong', {}, 'es'));
  });

  it('validates the form before calling the server', async () => {
    const { page } = browser;
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => page.getByText('El correo electrónico es obligatorio').count()).toBe(1);
    await page.getByLabel('Correo electrónico').fill('not-an-email');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect.poll(() => page.getByText('Dirección de correo electrónico no válida').count()).toBe(1);
  });

  it('sends a visitor of a protected path to sign-in with redirectUrl, and back there after signing in', async () => {
    const { page } = browser;
    await page.goto('/users?tab=1');
    await page.waitForURL(/\/sign-in/);
    expect(pathOf(page)).toBe(`/sign-in?redirectUrl=${encodeURIComponent('/users?tab=1')}`);
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/users');
    expect(pathOf(page)).toBe('/users?tab=1');
    // User and flag are stored; the token lives only in the one-day HttpOnly cookie identity set, out of the page's reach.
    const stored = await page.evaluate(() => ({
      flag: localStorage.getItem('signedIn'),
      session: localStorage.getItem('session'),
      cookies: document.cookie,
      all: JSON.stringify({ ...localStorage }),
    }));
    expect(stored.flag).toBe('true');
    expect(JSON.parse(stored.session ?? '{}')).toEqual({ user: expect.objectContaining({ email: ADMIN_EMAIL, account_type: 'SuperAdmin' }) });
    const cookie = (await browser.context.cookies()).find((candidate) => candidate.name === 'token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie && cookie.expires - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(stored.all).not.toContain(cookie?.value ?? 'no token cookie');
    expect(stored.cookies).not.toContain(cookie?.value ?? 'no token cookie');
  });

  it('sends the root path to sign-in without redirectUrl, and a signed-in user away from sign-in', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForURL(/\/sign-in/);
    expect(pathOf(page)).toBe('/sign-in');
    await signIn(page);
    await page.waitForURL('**/dashboard');
    await page.goto('/sign-in');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  it('sends unknown paths to /access-denied', async () => {
    const { page } = browser;
    await page.goto('/no-such-page');
    await page.waitForURL('**/access-denied');
    await page.getByTestId('access-denied').waitFor();
  });

  it('signs out explicitly, even when the sign-out call fails, and protected paths need a new sign-in', async () => {
    const { page } = browser;
    await gotoAndSignIn(page);
    await page.waitForURL('**/dashboard');
    await page.route('**/api/sign-out', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(() => [localStorage.getItem('signedIn'), localStorage.getItem('session')])).toEqual(['false', JSON.stringify({ user: null })]);
    await page.goto('/dashboard');
    await page.waitForURL(/\/sign-in\?redirectUrl=%2Fdashboard/);
  });

  it('signs out silently when an API call answers 401 (the token was revoked elsewhere)', async () => {
    const { page, baseUrl } = browser;
    await gotoAndSignIn(page);
    await page.waitForURL('**/dashboard');
    // The dashboard's own calls are answered before the token is revoked, so the next call is the one that meets the 401.
    await page.getByTestId('welcome').waitFor();
    await page.waitForLoadState('networkidle');
    const token = (await browser.context.cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';
    // Revoke the browser's token as another client would.
    await fetch(`${baseUrl}/api/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    // Only that token died: the same account's other session still works.
    await ApiClient.admin(baseUrl).call('GET', 'me');
    await page.getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL(/\/sign-in\?redirectUrl=%2Fusers/);
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBe('false');
    expect(await page.locator('[role=alert]').count()).toBe(0);
  });

  it('shows the footer with the current year and the links to the legal texts', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    const footer = page.getByTestId('footer');
    expect(await footer.textContent()).toContain(`Copyright © ${new Date().getFullYear()} Attendance Management System`);
    await footer.getByText('Términos y condiciones').click();
    await page.waitForURL((url) => url.pathname === '/legal/terms');
    expect(pathOf(page)).toBe('/legal/terms');
  });
});
