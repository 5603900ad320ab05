import { describe, expect, it } from 'vitest';
import { findSpaRoute, hrefOf, paths, safeRedirectTarget, signInPathWithRedirect } from './paths';

describe('redirects (spec §2)', () => {
  it('puts the wanted path in redirectUrl, except for the root', () => {
    expect(signInPathWithRedirect('/users?page=2')).toBe('/sign-in?redirectUrl=%2Fusers%3Fpage%3D2');
    expect(signInPathWithRedirect('/')).toBe('/sign-in');
  });

  it('follows only paths of this application', () => {
    expect(safeRedirectTarget('/users')).toBe('/users');
    for (const unsafe of ['https://evil.example', '//evil.example', '/\\evil.example', 'users', null]) expect(safeRedirectTarget(unsafe)).toBeNull();
  });

  it('matches parameterised routes of the shared table', () => {
    expect(findSpaRoute('/users-edit/42')?.path).toBe('/users-edit/:id');
    expect(findSpaRoute('/nowhere')).toBeUndefined();
  });

  it('fills in and encodes the parameters of a named path', () => {
    expect(hrefOf(paths.usersEdit, { id: '42' })).toBe('/users-edit/42');
    expect(hrefOf(paths.employeeDetails, { id: 'a/b c' })).toBe('/employee-details/a%2Fb%20c');
    expect(hrefOf(paths.users)).toBe('/users');
    expect(findSpaRoute(hrefOf(paths.attendanceEdit, { id: '7' }))?.path).toBe(paths.attendanceEdit);
  });
});
