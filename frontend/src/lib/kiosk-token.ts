import { atomWithStorage } from 'jotai/utils';

/**
 * The registered kiosk's token when this browser is one (set from the settings page, "Use this browser as this
 * kiosk"). Kept as plain text in local storage, so it can also be pasted in by hand on a kiosk.
 */
const KIOSK_TOKEN_KEY = 'kioskToken';

const plainTextStorage = {
  getItem: (key: string, initialValue: string) => localStorage.getItem(key) ?? initialValue,
  setItem: (key: string, value: string) => (value === '' ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
  removeItem: (key: string) => localStorage.removeItem(key),
};

/** '' when this browser is not a registered kiosk. */
export const kioskTokenAtom = atomWithStorage<string>(KIOSK_TOKEN_KEY, '', plainTextStorage, { getOnInit: true });
