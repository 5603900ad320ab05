import { findApiRoute, isAllowed, type ApiRoute, type Principal } from '@ams/contracts';
import { AppError, signedInCaller, type SignedInPrincipal } from '@ams/service-kit';

/**
 * The caller, if the route table lets them use the route. The gateway checks this already; checking it
 * again here means a wiring mistake can never open a route to the wrong persona.
 */
export function allowedCaller(principal: Principal, method: ApiRoute['method'], path: string, refusal: string): SignedInPrincipal {
  const caller = signedInCaller(principal);
  if (!isAllowed(caller, findApiRoute(method, path).access)) throw new AppError('forbidden', refusal);
  return caller;
}
