import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymousPrincipal, isAllowed, type ApiRoute } from '@ams/contracts';
import { AppError } from '@ams/service-kit';
import type { Denial } from '../audit/record-denial.ts';
import type { AuthState } from './auth-state.ts';
import { authenticate, type Authentication } from './authenticate.ts';
import { hasValidCsrfHeader, isUnsafeMethod } from './csrf.ts';
import type { TokenVerifier } from './verify-token.ts';

export interface GuardDependencies {
  state: AuthState;
  verifyToken: TokenVerifier;
  /** Records a refusal of a signed-in user (audit). */
  onDenied(request: FastifyRequest, denial: Denial): Promise<void>;
}

type SignedIn = Extract<Authentication, { kind: 'user' }>;

/** A cookie rides along on cross-site requests: an unsafe one counts only with the CSRF header. */
function passesCsrf(request: FastifyRequest, auth: SignedIn): boolean {
  return auth.source === 'bearer' || !isUnsafeMethod(request.method) || hasValidCsrfHeader(request, auth.csrf);
}

function denialOf(auth: SignedIn, route: string, reason: Denial['reason']): Denial {
  return { actorId: auth.principal.userId, actorEmail: auth.email, route, reason };
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
    const auth = await authenticate(request, deps.state, deps.verifyToken);

    if (access.kind === 'public') {
      // A stale or foreign token must not stand in the way of signing in; the user rides along only when proven.
      request.principal = auth.kind === 'user' && passesCsrf(request, auth) ? auth.principal : anonymousPrincipal;
      return;
    }
    if (auth.kind !== 'user') throw unauthorized(reply);

    if (!passesCsrf(request, auth)) {
      await deps.onDenied(request, denialOf(auth, routeName, 'csrf'));
      throw new AppError('forbidden', 'Missing or invalid CSRF token');
    }
    if (!isAllowed(auth.principal, access)) {
      await deps.onDenied(request, denialOf(auth, routeName, 'permission'));
      throw new AppError('forbidden', 'You do not have permission to do this');
    }
    request.principal = auth.principal;
  };
}
