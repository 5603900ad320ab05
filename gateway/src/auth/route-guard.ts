import type { FastifyReply, FastifyRequest } from 'fastify';
import { anonymousPrincipal, isAllowed, refusalToActOn, sessionEndMessages, type AccessSubject, type ApiRoute, type SessionEndReason } from '@ams/contracts';
import { AppError } from '@ams/service-kit';
import type { Denial } from '../audit/record-denial.ts';
import type { AuthState, UserPrincipal } from './auth-state.ts';
import { authenticate, type Authentication } from './authenticate.ts';
import { hasValidCsrfHeader, isUnsafeMethod } from './csrf.ts';
import type { TokenVerifier } from './verify-token.ts';

export interface GuardDependencies {
  state: AuthState;
  verifyToken: TokenVerifier;
  /** Records a refusal of a signed-in user (audit). */
  onDenied(request: FastifyRequest, denial: Denial): Promise<void>;
  /** The accounts linked to an employee that the caller could reach (routes that change them: `changesLinkedAccounts`). */
  linkedAccountsOf(caller: UserPrincipal, employeeId: string): Promise<AccessSubject[]>;
}

type SignedIn = Extract<Authentication, { kind: 'user' }>;

/** A cookie rides along on cross-site requests: an unsafe one counts only with the CSRF header. */
function passesCsrf(request: FastifyRequest, auth: SignedIn): boolean {
  return auth.source === 'bearer' || !isUnsafeMethod(request.method) || hasValidCsrfHeader(request, auth.csrf);
}

function denialOf(auth: SignedIn, route: string, reason: Denial['reason']): Denial {
  return { actorId: auth.principal.userId, actorEmail: auth.email, route, reason };
}

/** A 401; when identity ended the session on purpose, the problem names why (`reason`) and says it. */
function unauthorized(reply: FastifyReply, reason?: SessionEndReason): AppError {
  reply.header('www-authenticate', 'Bearer realm="ams"');
  return reason ? new AppError('unauthorized', sessionEndMessages[reason], { reason }) : new AppError('unauthorized', 'unauthorized');
}

interface Refusal {
  error: AppError;
  /** Set when a signed-in user was refused: recorded for the audit trail. */
  denial?: Denial;
}

/** null when the request may pass (and `request.principal` is set), else why not. */
function decide(route: ApiRoute, routeName: string, request: FastifyRequest, reply: FastifyReply, auth: Authentication): Refusal | null {
  const { access } = route;
  if (access.kind === 'public') {
    // A stale or foreign token must not stand in the way of signing in; the user rides along only when proven.
    request.principal = auth.kind === 'user' && passesCsrf(request, auth) ? auth.principal : anonymousPrincipal;
    return null;
  }
  if (auth.kind !== 'user') return { error: unauthorized(reply, auth.kind === 'refused' ? auth.reason : undefined) };
  if (!passesCsrf(request, auth)) {
    return { error: new AppError('forbidden', 'csrfInvalid'), denial: denialOf(auth, routeName, 'csrf') };
  }
  if (!isAllowed(auth.principal, access)) {
    return { error: new AppError('forbidden', 'notPermitted'), denial: denialOf(auth, routeName, 'permission') };
  }
  request.principal = auth.principal;
  return null;
}

type Done = (error?: Error | null) => void;

/**
 * Decides who the request is for the route: 401 without an accepted token on a protected route,
 * 403 when the route's access rule or the CSRF check refuses, else `request.principal` is set.
 * Runs before the body is read, so refused requests cost no body parsing. Callback style, so that
 * a request whose session is cached passes without a single promise.
 */
export function routeGuard(route: ApiRoute, deps: GuardDependencies) {
  const routeName = `${route.method} ${route.path}`;

  function refuse(request: FastifyRequest, refusal: Refusal, done: Done): void {
    if (!refusal.denial) return done(refusal.error);
    // The refusal waits for its audit record (which never throws).
    void deps.onDenied(request, refusal.denial).finally(() => done(refusal.error));
  }

  /**
   * Erasing an employee renames and disables the accounts linked to them: it passes only where changing each of
   * those accounts would (identity's rule), decided here, before the service accepts anything.
   */
  function settleLinkedAccounts(request: FastifyRequest, auth: SignedIn, done: Done): void {
    const { id } = request.params as { id?: string };
    // Params the route refuses (not an id, a NUL) link nobody: the service answers them with its 400.
    if (id === undefined || (route.params && !route.params.safeParse(request.params).success)) return done();
    deps.linkedAccountsOf(auth.principal, id).then((accounts) => {
      const refusal = accounts.map((account) => refusalToActOn(auth.principal, account)).find((key) => key !== null);
      if (!refusal) return done();
      refuse(request, { error: new AppError('forbidden', refusal), denial: denialOf(auth, routeName, 'permission') }, done);
    }, done);
  }

  function settle(request: FastifyRequest, reply: FastifyReply, auth: Authentication, done: Done): void {
    const refusal = decide(route, routeName, request, reply, auth);
    if (refusal) return refuse(request, refusal, done);
    if (route.changesLinkedAccounts && auth.kind === 'user') return settleLinkedAccounts(request, auth, done);
    done();
  }

  return function guard(request: FastifyRequest, reply: FastifyReply, _payload: unknown, done: Done): void {
    const auth = authenticate(request, deps.state, deps.verifyToken);
    if (auth instanceof Promise) auth.then((loaded) => settle(request, reply, loaded, done), done);
    else settle(request, reply, auth, done);
  };
}
