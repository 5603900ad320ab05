import { formatMessage, toSignedInUser, type Role, type SignedInUser, type User } from '@ams/contracts';
import { findOr404, MockProblem, pageOf, removeOr404, type Answers, type KeysOf } from './answer-types';
import type { MockDb } from './mock-db';

/** The session's user as /api/me answers it (the mock keeps no time format of its own). */
export function signedInUserOf(db: MockDb, user: User): SignedInUser {
  const role = db.roles.find((each) => each.id === user.roleId);
  return toSignedInUser({ ...user, timeFormat: null, permissions: role?.permissions ?? {} });
}

/** The mock's token names its user, so a session outlives a page reload (the browser's mock state does not). */
export const MOCK_TOKEN_PREFIX = 'mock-token-';

/** The user a token signs in, if it is one of the mock's. */
export function userIdOfToken(token: string | null): string | undefined {
  return token?.startsWith(MOCK_TOKEN_PREFIX) ? token.slice(MOCK_TOKEN_PREFIX.length) : undefined;
}

function issueToken(db: MockDb, user: User) {
  return { accessToken: `${MOCK_TOKEN_PREFIX}${user.id}`, user: signedInUserOf(db, user) };
}

function signedIn(user: User | null): User {
  if (!user) throw new MockProblem(401, 'unauthorized');
  return user;
}

const legalText = { en: 'These are the mock terms.', es: 'Estas son las condiciones de prueba.' };

export const identityAnswers: Answers<KeysOf<'identity'>> = {
  'POST /api/user/login': ({ db, body }) => {
    const user = db.users.find((each) => each.email === body.email);
    if (!user || body.password !== db.passwords.get(user.id) || user.status !== 'enabled') throw new MockProblem(401, 'invalidCredentials');
    return issueToken(db, user);
  },
  'GET /api/sign-up': ({ db }) => ({ enabled: db.signUpEnabled }),
  'POST /api/sign-up': ({ db, body }) => {
    if (!db.signUpEnabled) throw new MockProblem(403, 'accessDenied');
    // The same answer for an address already in use: nothing is created (the server does not tell).
    if (db.users.some((each) => each.email === body.email)) return { message: formatMessage('signUpReceived') };
    const employeeRole = db.roles.find((role) => role.userType === 'employee') as Role;
    const user: User = {
      id: crypto.randomUUID(),
      name: body.name,
      email: body.email,
      image: null,
      accountType: 'Employee',
      type: 'employee',
      roleId: employeeRole.id,
      roleName: employeeRole.name,
      status: 'enabled',
      companyId: null,
      employeeId: null,
      createdAt: db.now,
      updatedAt: db.now,
    };
    db.users.push(user);
    db.passwords.set(user.id, body.password);
    return { message: formatMessage('signUpReceived') };
  },
  // The handler clears the cookie.
  'POST /api/sign-out': () => ({ message: formatMessage('signedOut') }),
  'GET /api/me': ({ db, user }) => signedInUserOf(db, signedIn(user)),
  'PATCH /api/me': ({ db, user, body }) => {
    const me = signedIn(user);
    Object.assign(me, { ...(body.name ? { name: body.name } : {}), ...(body.email ? { email: body.email } : {}), updatedAt: db.now });
    return signedInUserOf(db, me);
  },
  'PUT /api/me/image': ({ db, user }) => signedInUserOf(db, Object.assign(signedIn(user), { image: '/api/me/image' })),
  'GET /api/me/image': () => ({ raw: new Uint8Array(), contentType: 'image/webp' }),
  'DELETE /api/me/image': ({ db, user }) => signedInUserOf(db, Object.assign(signedIn(user), { image: null })),
  'POST /api/me/password': ({ db, user, body }) => {
    const me = signedIn(user);
    if (db.passwords.get(me.id) !== body.currentPassword) throw new MockProblem(400, 'wrongCurrentPassword');
    db.passwords.set(me.id, body.newPassword);
    return { message: formatMessage('passwordChanged'), accessToken: issueToken(db, me).accessToken };
  },
  'PUT /api/settings/sign-up': ({ db, body }) => {
    db.signUpEnabled = body.enabled;
    return { enabled: db.signUpEnabled };
  },
  'GET /api/legal': () => ({ terms: legalText, privacy: legalText, customised: false, updatedAt: null }),
  'PUT /api/settings/legal': ({ db, body }) => ({ ...body, customised: true, updatedAt: db.now }),
  'POST /api/feedback': ({ db, user, body }) => {
    const sender = signedIn(user);
    const feedback = {
      id: crypto.randomUUID(),
      category: body.category,
      message: body.message,
      page: body.page,
      hasScreenshot: Boolean(body.screenshot),
      status: 'open' as const,
      senderName: sender.name,
      senderEmail: sender.email,
      companyId: sender.companyId,
      createdAt: db.now,
      resolvedAt: null,
    };
    db.feedback.unshift(feedback);
    return { message: formatMessage('feedbackSent'), feedback };
  },
  'GET /api/feedback': ({ db, query }) => pageOf(db.feedback, query),
  'GET /api/feedback/:id/screenshot': ({ db, params }) => {
    findOr404(db.feedback, params.id, 'feedbackNotFound');
    return { raw: new Uint8Array(), contentType: 'image/png' };
  },
  'POST /api/feedback/:id/resolve': ({ db, params }) =>
    Object.assign(findOr404(db.feedback, params.id, 'feedbackNotFound'), { status: 'resolved' as const, resolvedAt: db.now }),
  'GET /api/users': ({ db, query }) => pageOf(db.users, query),
  'POST /api/users': ({ db, body }) => {
    if (db.users.some((each) => each.email === body.email)) throw new MockProblem(409, 'emailInUse');
    const role = findOr404(db.roles, body.roleId, 'roleNotFound');
    const { password: _password, confirmPassword: _confirm, ...fields } = body;
    const user: User = {
      ...fields,
      id: crypto.randomUUID(),
      image: null,
      type: role.userType,
      roleName: role.name,
      companyId: body.companyId ?? null,
      employeeId: body.employeeId ?? null,
      createdAt: db.now,
      updatedAt: db.now,
    };
    db.users.push(user);
    db.passwords.set(user.id, body.password);
    return user;
  },
  'GET /api/users/:id': ({ db, params }) => findOr404(db.users, params.id, 'userNotFound'),
  'PATCH /api/users/:id': ({ db, params, body }) => {
    const user = findOr404(db.users, params.id, 'userNotFound');
    const { password: _password, confirmPassword: _confirm, ...fields } = body;
    const role = fields.roleId ? findOr404(db.roles, fields.roleId, 'roleNotFound') : null;
    return Object.assign(user, fields, role ? { roleName: role.name, type: role.userType } : {}, { updatedAt: db.now });
  },
  'DELETE /api/users/:id': ({ db, params }) => void removeOr404(db.users, params.id, 'userNotFound'),
  'GET /api/roles': ({ db, query }) => pageOf(db.roles, query),
  'POST /api/roles': ({ db, body }) => {
    if (db.roles.some((each) => each.name === body.name)) throw new MockProblem(409, 'roleNameTaken');
    const role: Role = { ...body, id: crypto.randomUUID(), companyId: body.companyId ?? null, system: false, createdAt: db.now, updatedAt: db.now };
    db.roles.push(role);
    return role;
  },
  'GET /api/roles/:id': ({ db, params }) => findOr404(db.roles, params.id, 'roleNotFound'),
  'PATCH /api/roles/:id': ({ db, params, body }) => Object.assign(findOr404(db.roles, params.id, 'roleNotFound'), body, { updatedAt: db.now }),
  'DELETE /api/roles/:id': ({ db, params }) => void removeOr404(db.roles, params.id, 'roleNotFound'),
};
