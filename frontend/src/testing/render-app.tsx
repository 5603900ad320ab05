import { render, type RenderResult } from '@testing-library/react';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { signInAtom, signOutAtom } from '@/lib/session';
import { appStore } from '@/lib/store';
import { signedInUserOf } from './mock-api/identity-answers';
import { MOCK_TOKEN_COOKIE } from './mock-api/handlers';
import type { MockDb } from './mock-api/mock-db';

// Once per test file, as once per page load: starting i18next again would drop the pages' texts it loaded.
let texts: Promise<void> | null = null;

/** The whole SPA at `path`, as main.tsx renders it (texts loaded first). */
export async function renderApp(path: string): Promise<RenderResult> {
  await (texts ??= initI18n());
  window.history.pushState({}, '', path);
  return render(<App />);
}

/** Signed in as the mock's user of this email, as a sign-in leaves the browser: the session stored and the token cookie set. */
export function signInAs(db: MockDb, email: string): void {
  const user = db.users.find((each) => each.email === email);
  if (!user) throw new Error(`No mock user ${email}`);
  const accessToken = `mock-token-${user.id}`;
  document.cookie = `${MOCK_TOKEN_COOKIE}=${accessToken}; path=/`;
  appStore.set(signInAtom, { accessToken, user: signedInUserOf(db, user) });
}

/** Signed out, nothing cached: each test starts as a fresh visit. */
export function forgetSession(): void {
  appStore.set(signOutAtom, {});
  document.cookie = `${MOCK_TOKEN_COOKIE}=; path=/; max-age=0`;
  queryClient.clear();
}
