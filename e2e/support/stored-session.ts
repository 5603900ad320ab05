import type { BrowserContext } from 'playwright-core';
import { CSRF_COOKIE, TOKEN_COOKIE } from '../../packages/contracts/src/index.ts';

/** A sign-in answer of POST /api/user/login. */
export interface IssuedSession {
  accessToken: string;
  user: unknown;
}

/**
 * Leaves a sign-in answer in a browser context as the sign-in form leaves it: the token and CSRF cookies identity
 * sets, and the user and signed-in flag in local storage (kept if the page already has them).
 */
export async function storeSession(context: BrowserContext, baseUrl: string, session: IssuedSession): Promise<void> {
  const { csrf } = JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { csrf: string };
  await context.addCookies([
    { name: TOKEN_COOKIE, value: session.accessToken, url: baseUrl, httpOnly: true, sameSite: 'Strict' },
    { name: CSRF_COOKIE, value: csrf, url: baseUrl, httpOnly: false, sameSite: 'Strict' },
  ]);
  await context.addInitScript((stored: IssuedSession) => {
    if (localStorage.getItem('signedIn') !== null) return;
    localStorage.setItem('session', JSON.stringify({ user: stored.user }));
    localStorage.setItem('signedIn', 'true');
  }, session);
}
