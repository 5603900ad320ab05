import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectAttributions } from '../frontend/scripts/attributions.ts';
import { ApiClient } from './support/api.ts';
import { signInFast, startInLanguage, useBrowser } from './support/browser.ts';
import { createEmployeeUser, createEmployee, createWorkplace, eventually, type Workplace } from './support/workplace.ts';

const browser = useBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));

// The product's data outlives a file: names of its own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Settings-pass-1!';
const PIN = '246813';
const NEW_PIN = '97531086';
const employee = { firstName: 'Sole', lastName: `Ajustes${suffix}`, email: `sole.${suffix}@example.com`, nationalId: `SET-${suffix}`, pin: PIN };
const reader = { email: `reader.${suffix}@example.com`, name: `Reader ${suffix}` };
let workplace: Workplace;

function inLanguage(language: 'en' | 'es'): Promise<void> {
  return startInLanguage(browser, language);
}

async function toasts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}

function identifyByPin(pin: string): Promise<Response> {
  return fetch(`${browser.baseUrl}/api/clock/identify/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: employee.nationalId, pin }),
  });
}

/** A company with Sole (a PIN and an Employee account) and an Admin whose role may only read the organisation and the roles. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, `settings ${suffix}`);
  const { id } = await createEmployee(api, workplace, employee);
  const employeeRole = await api.roleNamed('Employee');
  await createEmployeeUser(api, workplace, {
    name: `${employee.firstName} ${employee.lastName}`,
    email: employee.email,
    roleId: employeeRole.id,
    password: PASSWORD,
    employeeId: id,
  });
  const readOnly = await api.call<{ id: string }>('POST', 'roles', {
    name: `Read only ${suffix}`,
    userType: 'admin',
    companyId: workplace.companyId,
    permissions: {
      dashboard: ['read'],
      company: ['read'],
      department: ['read'],
      jobTitles: ['read'],
      leaveType: ['read'],
      leaveGroup: ['read'],
      userRole: ['read'],
      setting: ['read'],
    },
  });
  await api.createUser({
    name: reader.name,
    email: reader.email,
    accountType: 'Admin',
    roleId: readOnly.id,
    password: PASSWORD,
    companyId: workplace.companyId,
  });
}, 90_000);

describe.sequential('settings: about and attributions', () => {
  it('shows the product, its version, the build commit, the installation and the MIT licence, in English', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser);
    await page.goto('/setting');
    const about = page.getByTestId('about-section');
    await about.getByTestId('about-version').filter({ hasText: /\d/ }).waitFor();
    expect(await about.getByTestId('about-product').textContent()).toBe('Attendance Management System');
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default as { version: string };
    expect(await about.getByTestId('about-version').textContent()).toBe(version);
    // Built from a commit of this repository (the build may predate the newest commit).
    const commit = (await about.getByTestId('about-commit').textContent()) ?? '';
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(() => execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root })).not.toThrow();
    const health = (await (await fetch(`${browser.baseUrl}/health`)).json()) as { installation: { id: string } };
    await expect.poll(() => about.getByTestId('about-installation').textContent()).toBe(health.installation.id);
    await about.getByText('Licence (MIT)').click();
    const licence = (await about.getByTestId('about-licence').textContent()) ?? '';
    expect(licence).toContain('MIT License');
    expect(licence).toContain('Permission is hereby granted, free of charge');
  });

  it('lists the licence of every package of the SPA and the server and of the face models, as the installation has them, in Spanish', async () => {
    const { page } = browser;
    await inLanguage('es');
    await signInFast(browser);
    await page.goto('/setting');
    const expected = collectAttributions(root);
    const section = page.getByTestId('attributions-section');
    await section.getByTestId('attributions-server').waitFor();
    expect(await page.getByRole('heading', { name: 'Atribuciones' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Acerca de' }).count()).toBe(1);
    expect(await section.getByTestId('attributions-spa').locator('summary').textContent()).toBe(`En la aplicación web (${expected.spa.length})`);
    expect(await section.getByTestId('attributions-server').locator('summary').textContent()).toBe(`En el servidor (${expected.server.length})`);
    expect(await section.getByTestId('attributions-models').locator('summary').textContent()).toBe(
      `Modelos de reconocimiento facial (${expected.models.length})`,
    );

    await section.getByTestId('attributions-search').fill('fastify');
    const fastify = expected.server.find((item) => item.name === 'fastify');
    const serverRows = section.getByTestId('attributions-server').getByRole('row');
    // The search narrows the list as it renders: wait for the narrowed rows.
    await expect
      .poll(async () => (await serverRows.allTextContents()).some((text) => text.startsWith(`fastify${fastify?.version ?? 'missing'}MIT`)))
      .toBe(true);

    await section.getByTestId('attributions-search').fill('faceres');
    const modelRows = section.getByTestId('attributions-models').getByRole('row');
    await expect.poll(() => modelRows.filter({ hasText: 'faceres' }).allTextContents()).toEqual([expect.stringContaining('@vladmandic/human')]);
  });
});

describe.sequential('my settings: language, theme and my own clock PIN', () => {
  it('switches the language and the theme at once, and keeps them', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/setting');
    await page.getByRole('heading', { name: 'My Setting' }).waitFor();
    await page.getByTestId('my-language').selectOption('es');
    await page.getByRole('heading', { name: 'Mi configuración' }).waitFor();
    await page.getByTestId('my-mode').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Mi configuración' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.getByTestId('my-mode').inputValue()).toBe('dark');
  });

  it('changes my PIN only with the current one, by the spec rule, and the kiosk then takes the new one', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/setting');
    const form = page.getByTestId('my-pin-form');
    await form.getByLabel('Current PIN').fill('000000');
    await form.getByLabel('New PIN').fill('12ab');
    await form.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => form.getByText('PIN must be 6 to 50 numeric digits').count()).toBe(1);

    await form.getByLabel('New PIN').fill(NEW_PIN);
    await form.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => form.getByText('Your current PIN is wrong').count()).toBe(1);

    await form.getByLabel('Current PIN').fill(PIN);
    await form.getByRole('button', { name: 'Change PIN' }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('PIN saved'));
    expect(await form.getByLabel('Current PIN').inputValue()).toBe('');
    // Attendance learns the new PIN from people's event.
    await eventually('the kiosk taking the new PIN', async () => {
      const response = await identifyByPin(NEW_PIN);
      if (!response.ok) throw new Error(`${response.status}`);
    });
    expect((await identifyByPin(PIN)).ok).toBe(false);
  });

  it('says so in Spanish', async () => {
    const { page } = browser;
    await inLanguage('es');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/setting');
    const form = page.getByTestId('my-pin-form');
    await form.getByLabel('PIN actual').fill('000001');
    await form.getByLabel('PIN nuevo').fill('13572468');
    await form.getByRole('button', { name: 'Cambiar PIN' }).click();
    await expect.poll(() => form.getByText('Tu PIN actual es incorrecto').count()).toBe(1);
  });
});

describe.sequential('leaving a form with unsaved changes', () => {
  it('asks first; staying keeps the changes, discarding leaves and says so', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/setting');
    const form = page.getByTestId('my-pin-form');
    await form.getByLabel('Current PIN').fill('123');
    await page.getByRole('link', { name: 'My Leave' }).first().click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('This action cannot be undone.').waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Discard your changes?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/personal/setting');
    expect(await form.getByLabel('Current PIN').inputValue()).toBe('123');

    await page.getByRole('link', { name: 'My Leave' }).first().click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/personal/leave');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Discarded'));
    // Nothing unsaved any more: the next navigation goes without a question.
    await page.getByRole('link', { name: 'My Setting' }).first().click();
    await page.waitForURL('**/personal/setting');
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });

  it("asks on the browser's Back too: staying keeps the form where it was, discarding goes back", async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/leave');
    await page.getByRole('link', { name: 'My Setting' }).first().click();
    await page.waitForURL('**/personal/setting');
    const form = page.getByTestId('my-pin-form');
    await form.getByLabel('Current PIN').fill('123');
    await page.evaluate(() => window.history.back());
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/personal/setting');
    expect(await form.getByLabel('Current PIN').inputValue()).toBe('123');

    await page.evaluate(() => window.history.back());
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/personal/leave');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Discarded'));
  });

  it("asks on a page form's Cancel, in Spanish, and not after a change is undone", async () => {
    const { page } = browser;
    await inLanguage('es');
    await signInFast(browser);
    await page.goto('/schedule-create');
    const form = page.getByTestId('schedule-form');
    const hours = form.getByLabel('Horas totales', { exact: true });
    const before = await hours.inputValue();
    await hours.fill('7');
    await hours.fill(before);
    await form.getByRole('link', { name: 'Cancelar' }).click();
    await page.waitForURL('**/schedule');

    await page.goto('/schedule-create');
    await form.getByLabel('Horas totales', { exact: true }).fill('7');
    await form.getByRole('link', { name: 'Cancelar' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByText('Esta acción no se puede deshacer.').waitFor();
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await page.waitForURL('**/schedule');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Descartado'));
  });

  it('never keeps a user who signs out on a page with unsaved changes', async () => {
    const { page } = browser;
    await inLanguage('en');
    // Signing out revokes the token: a session of this test's own.
    await signInFast(browser, employee.email, PASSWORD, { fresh: true });
    await page.goto('/personal/setting');
    await page.getByTestId('my-pin-form').getByLabel('New PIN').fill('1');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/sign-in**');
    expect(await page.locator('dialog[open]').count()).toBe(0);
  });

  it('lets the browser ask before the tab closes or reloads', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, employee.email, PASSWORD);
    await page.goto('/personal/setting');
    await page.getByTestId('my-pin-form').getByLabel('New PIN').fill('1');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});

describe.sequential('what a user may read but not change', () => {
  it('the organisation pages say which changes are not allowed, in English and Spanish', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, reader.email, PASSWORD);
    await page.goto('/company');
    const denials = page.getByTestId('denials');
    await denials.waitFor();
    expect(await denials.locator('p').allTextContents()).toEqual([
      'You do not have permission to create companies.',
      'You do not have permission to update companies.',
      'You do not have permission to delete companies.',
    ]);
    await page.goto('/leavegroup');
    await expect.poll(() => denials.locator('p').first().textContent()).toBe('You do not have permission to create leave groups.');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto('/department');
    await expect
      .poll(() => denials.locator('p').allTextContents())
      .toEqual([
        'No tienes permiso para crear departamentos.',
        'No tienes permiso para actualizar departamentos.',
        'No tienes permiso para eliminar departamentos.',
      ]);
  });

  it('the role editor says the permissions table may not be created, updated or deleted', async () => {
    const { page } = browser;
    await inLanguage('en');
    await signInFast(browser, reader.email, PASSWORD);
    await page.goto('/users');
    await page.getByRole('tab', { name: 'Roles' }).click();
    const denials = page.getByTestId('permissions-table-denials');
    await expect
      .poll(() => denials.locator('p').allTextContents())
      .toEqual([
        'You do not have permission to create the permissions table.',
        'You do not have permission to update the permissions table.',
        'You do not have permission to delete the permissions table.',
      ]);
    await page.getByTestId('roles-table').getByRole('button', { name: 'View' }).first().click();
    await expect
      .poll(() => page.getByTestId('role-editor').getByTestId('permissions-table-denials').textContent())
      .toBe('You do not have permission to update the permissions table.');
  });
});
