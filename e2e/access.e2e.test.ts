import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { gotoAndSignIn, navLabels, pathOf, signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const PASSWORD = 'Access-test-pass-1!';
const limitedAdmin = { email: 'limited.admin@example.com', name: 'Limited Admin' };
const employee = { email: 'plain.employee@example.com', name: 'Plain Employee' };

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const role = await api.createRole('Dashboard and users only', 'admin', { dashboard: ['read'], user: ['read'], userRole: ['read'] });
  await api.createUser({ ...limitedAdmin, accountType: 'Admin', roleId: role.id, password: PASSWORD });
  const employeeRole = await api.roleNamed('Employee');
  await api.createUser({ ...employee, accountType: 'Employee', roleId: employeeRole.id, password: PASSWORD });
});

/** Opens a path in the running session and says where the guard left the user. */
async function landing(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction((wanted) => location.pathname === '/access-denied' || location.pathname === wanted.split('?')[0], path);
  return new URL(page.url()).pathname;
}

describe('route access per account type (spec §2, §6)', () => {
  it('lets the SuperAdmin through every check of the admin area, and keeps it out of the personal area (spec §6)', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    expect(await navLabels(page)).toEqual(['Panel', 'Empleados', 'Asistencia', 'Horarios', 'Ausencias', 'Informes', 'Usuarios', 'Configuración']);
    for (const path of ['/dashboard', '/employees', '/users', '/users-create', '/reports/employee-list', '/company', '/account-setting']) {
      expect(await landing(page, path), path).toBe(path);
    }
    for (const path of ['/personal/dashboard', '/personal/account-setting']) {
      expect(await landing(page, path), path).toBe('/access-denied');
    }
  });

  it("gives an Admin exactly its role's routes in both areas and the rest goes to /access-denied", async () => {
    const { page } = browser;
    await signInFast(browser, limitedAdmin.email, PASSWORD);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    expect(await navLabels(page)).toEqual(['Panel', 'Usuarios']);
    for (const path of ['/dashboard', '/users', '/account-setting', '/personal/dashboard', '/personal/account-setting']) {
      expect(await landing(page, path), path).toBe(path);
    }
    for (const path of ['/employees', '/users-create', '/reports', '/setting', '/personal/attendance', '/personal/leave-create']) {
      expect(await landing(page, path), path).toBe('/access-denied');
    }
    // 'Switch to My Account' leads to the personal area and back.
    await landing(page, '/dashboard');
    await page.getByTestId('area-switch').click();
    await page.waitForURL('**/personal/dashboard');
    await expect.poll(() => navLabels(page)).toEqual(['Panel']);
    await page.getByTestId('area-switch').click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect.poll(() => navLabels(page)).toEqual(['Panel', 'Usuarios']);
  });

  it('keeps an Employee in the personal area', async () => {
    const { page } = browser;
    await gotoAndSignIn(page, '/sign-in?redirectUrl=%2Fusers', employee.email, PASSWORD);
    // A target the employee may not open is replaced by the personal entry path.
    await page.waitForURL('**/personal/dashboard');
    expect(await navLabels(page)).toEqual(['Panel', 'Mi asistencia', 'Mi horario', 'Mis ausencias', 'Mi configuración']);
    await page.goto('/');
    await page.waitForURL('**/personal/dashboard');
    for (const path of ['/personal/attendance', '/personal/leave-create', '/personal/leave-edit/1', '/personal/account-setting']) {
      expect(await landing(page, path), path).toBe(path);
    }
    for (const path of ['/dashboard', '/users', '/employees', '/account-setting']) {
      expect(await landing(page, path), path).toBe('/access-denied');
    }
    await page.getByTestId('access-denied').waitFor();
    expect(await page.getByTestId('area-switch').count()).toBe(0);
    expect(pathOf(page)).toBe('/access-denied');
  });

  it('opens /clock without signing in, inside the application layout', async () => {
    const { page } = browser;
    await page.goto('/clock');
    await page.getByTestId('clock-page').waitFor();
    expect(pathOf(page)).toBe('/clock');
  });
});
