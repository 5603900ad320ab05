import { systemClock, type Principal } from '@ams/contracts';
import { pathOf, signPrincipal, type ClientInfo, type SignedRoute } from '@ams/service-kit';

export type PrincipalSigner = (principal: Principal, client: ClientInfo, route: SignedRoute) => Record<string, string>;

interface Signed {
  client: ClientInfo;
  method: string;
  path: string;
  at: number;
  headers: Record<string, string>;
}

/**
 * signPrincipal, reusing a signature made for the same principal object, client and request method and path for `reuseMs`
 * (services accept a signature for 60 s). Principal objects are built once per loaded session, so a
 * changed user or role gets a new object, hence a new signature, at once.
 */
export function createPrincipalSigner(secret: string, options: { reuseMs?: number; now?: () => number } = {}): PrincipalSigner {
  const reuseMs = options.reuseMs ?? 1_000;
  // A signature's age is transport freshness: both ends read it on the wall clock (see signPrincipal).
  const now = options.now ?? (() => systemClock().getTime());
  const recent = new WeakMap<Principal, Signed>();
  return (principal, client, route) => {
    const at = now();
    const last = recent.get(principal);
    const path = pathOf(route.path);
    if (
      last &&
      at - last.at < reuseMs &&
      last.method === route.method &&
      last.path === path &&
      last.client.ip === client.ip &&
      last.client.userAgent === client.userAgent
    ) {
      return last.headers;
    }
    const headers = signPrincipal(principal, secret, { now: at, client, route: { method: route.method, path } });
    recent.set(principal, { client, method: route.method, path, at, headers });
    return headers;
  };
}
