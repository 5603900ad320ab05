import { apiRoutes, organisationRoutes, type ApiRoute, type SignedInUser } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { afterSignInTarget, can, mayOpen, mayUse, subjectOf } from './authorization';

const user = (account_type: SignedInUser['account_type'], role: SignedInUser['role'] = {}): SignedInUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Test',
  email: 'test@example.com',
  image: null,
  account_type,
  role,
});

const superAdmin = user('SuperAdmin');
const hr = user('Admin', { user: ['read', 'update'], company: ['read', 'create', 'delete'], dashboard: ['read'] });
const bareAdmin = user('Admin');
const employee = user('Employee', { attendance: ['read'], leave: ['read'] });
const anonymous = null;

const route = (key: string) => {
  const found = (apiRoutes as readonly ApiRoute[]).find((candidate) => `${candidate.method} ${candidate.path}` === key);
  if (!found) throw new Error(key);
  return found.access;
};

describe('the SPA authorization (the route table rule)', () => {
  it('lets a SuperAdmin use and open everything of the admin area, holding every permission without a role', () => {
    expect(can(superAdmin, 'user.delete')).toBe(true);
    expect(mayUse(superAdmin, route('DELETE /api/users/:id'))).toBe(true);
    expect(mayUse(superAdmin, organisationRoutes.companies[1].access)).toBe(true);
    expect(mayOpen(superAdmin, '/users-edit/42')).toBe(true);
    expect(mayOpen(superAdmin, '/reports/employee-list')).toBe(true);
    expect(mayOpen(superAdmin, '/account-setting')).toBe(true);
  });

  it('keeps a SuperAdmin out of the personal area (spec §6: admin-area routes only), as the gateway does', () => {
    expect(mayOpen(superAdmin, '/personal/dashboard')).toBe(false);
    expect(mayOpen(superAdmin, '/personal/account-setting')).toBe(false);
    expect(mayUse(superAdmin, route('GET /api/me/attendance'))).toBe(false);
    expect(mayUse(superAdmin, route('POST /api/me/leaves'))).toBe(false);
    // Their own account stays theirs.
    expect(mayUse(superAdmin, route('GET /api/me'))).toBe(true);
  });

  it('lets an Admin do what their role holds, and nothing else', () => {
    expect(can(hr, 'user.update')).toBe(true);
    expect(can(hr, 'user.delete')).toBe(false);
    expect(mayUse(hr, route('GET /api/users/:id'))).toBe(true);
    expect(mayUse(hr, route('DELETE /api/users/:id'))).toBe(false);
    expect(mayOpen(hr, '/users-edit/42')).toBe(true);
    expect(mayOpen(hr, '/users-create')).toBe(false);
    expect(mayOpen(hr, '/employees')).toBe(false);
    // The permission is not enough where the rule names only the SuperAdmin: adding and removing companies.
    expect(mayUse(hr, organisationRoutes.companies[1].access)).toBe(false);
    expect(mayUse(hr, organisationRoutes.companies[4].access)).toBe(false);
  });

  it('lets an Admin without permissions open only what needs none', () => {
    expect(can(bareAdmin, 'dashboard.read')).toBe(false);
    expect(mayOpen(bareAdmin, '/dashboard')).toBe(false);
    expect(mayOpen(bareAdmin, '/account-setting')).toBe(true);
    expect(mayOpen(bareAdmin, '/users')).toBe(true);
    expect(mayUse(bareAdmin, route('GET /api/users'))).toBe(false);
  });

  it('keeps an Employee in the personal area, whatever their role holds', () => {
    expect(can(employee, 'attendance.read')).toBe(true);
    expect(can(employee, 'attendance.update')).toBe(false);
    expect(mayOpen(employee, '/personal/attendance')).toBe(true);
    expect(mayOpen(employee, '/personal/schedule')).toBe(false);
    expect(mayOpen(employee, '/attendance')).toBe(false);
    expect(mayUse(employee, route('GET /api/attendance'))).toBe(false);
    expect(mayUse(employee, route('GET /api/me/attendance'))).toBe(true);
  });

  it('lets nobody signed in reach anything but public routes', () => {
    expect(subjectOf(anonymous)).toBeNull();
    expect(can(anonymous, 'dashboard.read')).toBe(false);
    expect(mayUse(anonymous, route('GET /api/me'))).toBe(false);
    expect(mayUse(anonymous, route('POST /api/user/login'))).toBe(true);
    expect(mayOpen(anonymous, '/sign-in')).toBe(true);
    expect(mayOpen(anonymous, '/clock')).toBe(true);
    expect(mayOpen(anonymous, '/dashboard')).toBe(false);
    expect(mayOpen(superAdmin, '/nowhere')).toBe(false);
  });

  it('reads an unknown account type as no one', () => {
    expect(can(user('Robot' as SignedInUser['account_type'], { user: ['read'] }), 'user.read')).toBe(false);
  });
});

describe('redirects (spec §2)', () => {
  it('goes to the target the user may open, else to the entry path; employees land in the personal area', () => {
    const admin = user('Admin', { user: ['read'], dashboard: ['read'] });
    expect(afterSignInTarget(admin, '?redirectUrl=%2Fusers')).toBe('/users');
    expect(afterSignInTarget(admin, '?redirectUrl=%2Femployees')).toBe('/dashboard');
    expect(afterSignInTarget(admin, '')).toBe('/dashboard');
    expect(afterSignInTarget(user('SuperAdmin'), '?redirectUrl=%2Freports%2Femployee-list')).toBe('/reports/employee-list');
    const employee = user('Employee', { leave: ['read'] });
    expect(afterSignInTarget(employee, '?redirectUrl=%2Fusers')).toBe('/personal/dashboard');
    expect(afterSignInTarget(employee, '?redirectUrl=%2Fpersonal%2Fleave')).toBe('/personal/leave');
    expect(afterSignInTarget(employee, '?redirectUrl=https%3A%2F%2Fevil.example')).toBe('/personal/dashboard');
  });
});
