import type { Principal } from '@ams/contracts';
import { signPrincipal } from '../principal-header.ts';

/** The internal secret every service harness builds its app with, so `asCaller` signs for any of them. */
export const TEST_INTERNAL_SECRET = 'internal-secret-for-service-tests-0123456789';

/** Headers the gateway would add for this caller, coming from `ip`. */
export function asCaller(principal: Principal, ip = '198.51.100.7'): Record<string, string> {
  return signPrincipal(principal, TEST_INTERNAL_SECRET, { client: { ip, userAgent: 'vitest' } });
}
