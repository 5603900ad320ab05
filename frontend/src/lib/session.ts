import { ADMIN_ENTRY_PATH, PERSONAL_ENTRY_PATH, type SessionEndReason, type SessionResponse, type SignedInUser } from '@ams/contracts';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Spec §4 session: the user and the signed-in flag. The access token never reaches JavaScript: identity sets
 * it as the HttpOnly `token` cookie (one day) with a readable CSRF cookie, the browser sends the cookie on every
 * call, and the client echoes the CSRF value in a header on unsafe calls (see api-client). So a script injected
 * into the page cannot carry the token away.
 */
export interface StoredSession {
  user: SignedInUser | null;
}

const SESSION_KEY = 'session';
const emptySession: StoredSession = { user: null };

/** Earlier versions kept the token beside the user: drop it from storage before anything reads it. */
function forgetStoredToken(storage: Storage): void {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') as (StoredSession & { token?: unknown }) | null;
    if (stored && 'token' in stored) storage.setItem(SESSION_KEY, JSON.stringify({ user: stored.user ?? null }));
  } catch {
    storage.removeItem(SESSION_KEY);
  }
}
if (typeof localStorage !== 'undefined') forgetStoredToken(localStorage);

const storage = createJSONStorage<StoredSession>(() => localStorage);
const flagStorage = createJSONStorage<boolean>(() => localStorage);

export const sessionAtom = atomWithStorage<StoredSession>(SESSION_KEY, emptySession, storage, { getOnInit: true });
/** The signed-in flag of spec §4, kept in local storage on its own. */
export const signedInAtom = atomWithStorage<boolean>('signedIn', false, flagStorage, { getOnInit: true });

/** Authenticated while the flag is set and the user is known; the cookie itself is the server's to judge. */
export const authenticatedAtom = atom((get) => get(signedInAtom) && get(sessionAtom).user !== null);
export const currentUserAtom = atom((get) => (get(authenticatedAtom) ? get(sessionAtom).user : null));

/** Set by an explicit sign-out: the guard then goes to the sign-in page without a redirectUrl. */
export const signedOutExplicitlyAtom = atom(false);

/** Why the server ended the session (an administrator changed the user), shown on the sign-in page; null otherwise. */
export const sessionEndReasonAtom = atom<SessionEndReason | null>(null);

/** The answer's token is not kept: the cookie identity set with it is what signs the calls. */
export const signInAtom = atom(null, (_get, set, answer: SessionResponse) => {
  set(sessionAtom, { user: answer.user });
  set(signedInAtom, true);
  set(signedOutExplicitlyAtom, false);
  set(sessionEndReasonAtom, null);
});

export const signOutAtom = atom(null, (_get, set, options: { explicit?: boolean; reason?: SessionEndReason | null } = {}) => {
  set(signedOutExplicitlyAtom, options.explicit === true);
  set(sessionEndReasonAtom, options.reason ?? null);
  set(sessionAtom, emptySession);
  set(signedInAtom, false);
});

export const replaceUserAtom = atom(null, (_get, set, user: SignedInUser) => {
  set(sessionAtom, { user });
});

/** Spec §2: employees always land in the personal area. */
export function entryPathFor(user: Pick<SignedInUser, 'account_type'>): string {
  return user.account_type === 'Employee' ? PERSONAL_ENTRY_PATH : ADMIN_ENTRY_PATH;
}
