import type { SignedInUser } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { afterSignInTarget, findSpaRoute, safeRedirectTarget, signInPathWithRedirect } from './paths';

const user = (account_type: SignedInUser['account_type'], role: SignedInUser['role'] = {}): SignedInUser => ({
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Test',
  email: 'test@example.com',
  image: null,
  account_type,
  role,
});

describe('redirects (spec §2)', () => {
  it('puts the wanted path in redirectUrl, except for the root', () => {
    expect(signInPathWithRedirect('/users?page=2')).toBe('/sign-in?redirectUrl=%2Fusers%3Fpage%3D2');
    expect(signInPathWithRedirect('/')).toBe('/sign-in');
  });

  it('follows only paths of this application', () => {
    expect(safeRedirectTarget('/users')).toBe('/users');
    for (const unsafe of ['https://evil.example', '//evil.example', '/\\evil.example', 'users', null]) expect(safeRedirectTarget(unsafe)).toBeNull();
  });

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

  it('matches parameterised routes of the shared table', () => {
    expect(findSpaRoute('/users-edit/42')?.path).toBe('/users-edit/:id');
    expect(findSpaRoute('/nowhere')).toBeUndefined();
  });
});
