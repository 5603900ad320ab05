/**
 * Unit tests run in Node, which has no localStorage, while the SPA's atoms read it as their modules load: each
 * test file gets an empty in-memory one (a setup file of the unit tier, so it is there before any import).
 */
const items = new Map<string, string>();
if (typeof globalThis.localStorage === 'undefined') {
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      clear: () => items.clear(),
    },
  });
}
