import { ADMIN_ENTRY_PATH, PERSONAL_ENTRY_PATH, type SessionResponse, type SignedInUser } from '@ams/contracts';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/**
 * Spec §4 session: token, user and the signed-in flag. The identity service also sets the `token` cookie
 * (HttpOnly, one day) itself; the SPA cannot read it, so it keeps the token from the sign-in answer and sends
 * it as `Authorization: Bearer`. A bearer header is never sent by the browser on its own, so no CSRF header
 * is needed, and the new token after a password change takes effect at once without relying on cookies.
 */
export interface StoredSession {
  token: string;
  user: SignedInUser | null;
}

const emptySession: StoredSession = { token: '', user: null };
const storage = createJSONStorage<StoredSession>(() => localStorage);
const flagStorage = createJSONStorage<boolean>(() => localStorage);

export const sessionAtom = atomWithStorage<StoredSession>('session', emptySession, storage, { getOnInit: true });
/** The signed-in flag of spec §4, kept in local storage on its own. */
export const signedInAtom = atomWithStorage<boolean>('signedIn', false, flagStorage, { getOnInit: true });

/** Authenticated only when both a token and the signed-in flag are present. */
export const authenticatedAtom = atom((get) => get(signedInAtom) && get(sessionAtom).token !== '' && get(sessionAtom).user !== null);
export const currentUserAtom = atom((get) => (get(authenticatedAtom) ? get(sessionAtom).user : null));

/** Set by an explicit sign-out: the guard then goes to the sign-in page without a redirectUrl. */
export const signedOutExplicitlyAtom = atom(false);

export const signInAtom = atom(null, (_get, set, answer: SessionResponse) => {
  set(sessionAtom, { token: answer.accessToken, user: answer.user });
  set(signedInAtom, true);
  set(signedOutExplicitlyAtom, false);
});

export const signOutAtom = atom(null, (_get, set, options: { explicit?: boolean } = {}) => {
  set(signedOutExplicitlyAtom, options.explicit === true);
  set(sessionAtom, emptySession);
  set(signedInAtom, false);
});

export const replaceTokenAtom = atom(null, (get, set, token: string) => {
  set(sessionAtom, { ...get(sessionAtom), token });
});

export const replaceUserAtom = atom(null, (get, set, user: SignedInUser) => {
  set(sessionAtom, { ...get(sessionAtom), user });
});

/** Spec §2: employees always land in the personal area. */
export function entryPathFor(user: Pick<SignedInUser, 'account_type'>): string {
  return user.account_type === 'Employee' ? PERSONAL_ENTRY_PATH : ADMIN_ENTRY_PATH;
}
