import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymousPrincipal, isAllowed, type ApiRoute } from '@ams/contracts';
import { AppError } from '@ams/service-kit';
import type { Denial } from '../audit/record-denial.ts';
import type { AuthState } from './auth-state.ts';
import { authenticate, type Authentication } from './authenticate.ts';
import { hasValidCsrfHeader, isUnsafeMethod } from './csrf.ts';

export interface GuardDependencies {
  state: AuthState;
  jwtSecret: string;
  /** Records a refusal of a signed-in user (audit). */
  onDenied(request: FastifyRequest, denial: Denial): Promise<void>;
}

/** A cookie rides along on cross-site requests: an unsafe one counts only with the CSRF header. */
function passesCsrf(request: FastifyRequest, auth: Extract<Authentication, { kind: 'user' }>): boolean {
  return auth.source === 'bearer' || !isUnsafeMethod(request.method) || hasValidCsrfHeader(request, auth.csrf);
}

function unauthorized(reply: FastifyReply): AppError {
  reply.header('www-authenticate', 'Bearer realm="ams"');
  return new AppError('unauthorized', 'Unauthorized');
}

/**
 * Decides who the request is for the route: 401 without an accepted token on a protected route,
 * 403 when the route's access rule or the CSRF check refuses, else `request.principal` is set.
 * Runs before the body is read, so refused requests cost no body parsing.
 */
export function routeGuard(route: ApiRoute, deps: GuardDependencies) {
  const routeName = `${route.method} ${route.path}`;
  const { access } = route;

  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const auth = await authenticate(request, deps.state, deps.jwtSecret);

    if (access.kind === 'public') {
      // A stale or foreign token must not stand in the way of signing in; the user rides along only when proven.
      request.principal = auth.kind === 'user' && passesCsrf(request, auth) ? auth.principal : anonymousPrincipal;
      return;
    }
    if (auth.kind !== 'user') throw unauthorized(reply);

    const denial = (reason: Denial['reason']): Denial => ({ actorId: auth.principal.userId, actorEmail: auth.email, route: routeName, reason });
    if (!passesCsrf(request, auth)) {
      await deps.onDenied(request, denial('csrf'));
      throw new AppError('forbidden', 'Missing or invalid CSRF token');
    }
    if (!isAllowed(auth.principal, access)) {
      await deps.onDenied(request, denial('permission'));
      throw new AppError('forbidden', 'You do not have permission to do this');
    }
    request.principal = auth.principal;
  };
}
