import { z } from 'zod/v4';

/**
 * What `zod` means in the SPA's build (vite.config aliases it here): zod with its eval-based fast path off, set
 * before any module can build a schema. zod probes for eval with Function(''), which the gateway's CSP refuses
 * (Chrome logs an issue on every page); a config call in main.tsx ran too late, since the bundle's shared chunk
 * builds the contracts' schemas before the entry's own code.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
// It stands in for the package, default export included.
// eslint-disable-next-line no-restricted-syntax
export default z;
