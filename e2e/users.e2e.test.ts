import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { gotoAndSignIn, navLabels, signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** An Employee account with the Employee role and no company, made through the API by the seeded SuperAdmin. */
async function createEmployeeAccount(user: { name: string; email: string; password: string }): ReturnType<ApiClient['createUser']> {
  const api = ApiClient.admin(browser.baseUrl);
  const role = await api.roleNamed('Employee');
  return api.createUser({ ...user, accountType: 'Employee', roleId: role.id });
}

describe('users and roles (the issue’s acceptance walk-through)', () => {
  it('lets the SuperAdmin create a role and an Admin in the UI; that Admin then sees only what the role allows', async () => {
    const { page } = browser;
    const { createWorkplace } = await import('./support/workplace.ts');
    await createWorkplace(ApiClient.admin(browser.baseUrl), 'Desk');
    await signInFast(browser, undefined, undefined, { fresh: true });
    await page.goto('/users');

    // A role with the permission matrix: dashboard read, users read and create.
    await page.getByTestId('tab-roles').click();
    await page.getByTestId('add-role').click();
    const editor = page.getByTestId('role-editor');
    await editor.getByLabel('Nombre del rol').fill('Front desk');
    await editor.getByLabel('Tipo de usuario').selectOption('admin');
    for (const permission of ['dashboard.read', 'user.read', 'user.create', 'userRole.read']) {
      await editor.locator(`[data-permission="${permission}"]`).check();
    }
    await editor.getByRole('button', { name: 'Crear rol' }).click();
    await page.getByTestId('roles-table').getByText('Front desk').waitFor();

    // An Admin with that role.
    await page.getByTestId('tab-users').click();
    await page.getByTestId('add-user').click();
    await page.waitForURL('**/users-create');
    const form = page.getByTestId('user-form');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('El nombre es obligatorio');
    await form.getByLabel('Nombre').fill('Desk Admin');
    await form.getByLabel('Correo electrónico').fill('desk.admin@example.com');
    await form.getByLabel('Tipo de cuenta').selectOption('Admin');
    await form.getByLabel('Empresa').selectOption({ label: 'Works Desk' });
    await form.getByLabel('Rol').selectOption({ label: 'Front desk' });
    await form.getByLabel('Contraseña', { exact: true }).fill('Desk-admin-pass-1!');
    await form.getByLabel('Confirmar contraseña').fill('Desk-admin-pass-2!');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('Las contraseñas no coinciden.');
    await form.getByLabel('Confirmar contraseña').fill('Desk-admin-pass-1!');
    await form.getByRole('button', { name: 'Crear usuario' }).click();
    await page.waitForURL('**/users');
    // The browser files share one product, so the list runs to several pages: search, as an admin would.
    await page.getByPlaceholder('Buscar').fill('desk.admin');
    await page.getByTestId('users-table').getByText('desk.admin@example.com').waitFor();

    // Sign out and in as that Admin.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/sign-in');
    await gotoAndSignIn(page, '/sign-in', 'desk.admin@example.com', 'Desk-admin-pass-1!');
    await page.waitForURL('**/dashboard');
    await expect.poll(() => navLabels(page)).toEqual(['Panel', 'Usuarios']);
    await page.goto('/users');
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId('add-user').waitFor();
    expect(await page.getByRole('button', { name: /Eliminar/ }).count()).toBe(0);
    await page.goto('/employees');
    await page.waitForURL('**/access-denied');
  });

  it('asks for confirmation before deleting a user, and deletes only when confirmed', async () => {
    const { page } = browser;
    await createEmployeeAccount({ name: 'To Be Deleted', email: 'to.be.deleted@example.com', password: 'Delete-me-pass-1!' });
    await signInFast(browser);
    await page.goto('/users');
    const table = page.getByTestId('users-table');
    await table.waitFor();
    expect(await page.title()).toBe('Usuarios · Attendance Management System');
    // Quick search, and its empty state (the browser files share one product, so the list runs to several pages).
    await page.getByPlaceholder('Buscar').fill('zzz-nobody');
    await page.getByText('¡No se encontraron usuarios!').waitFor();
    await page.getByPlaceholder('Buscar').fill('to.be.deleted');
    await table.getByText('to.be.deleted@example.com').waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Eliminar a To Be Deleted' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Esta acción no se puede deshacer.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await table.getByText('to.be.deleted@example.com').count()).toBe(1);
    await page.getByRole('button', { name: 'Eliminar a To Be Deleted' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => table.getByText('to.be.deleted@example.com').count()).toBe(0);
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual([expect.stringContaining('¡Eliminado correctamente!')]);
  });

  it('edits a user: disabled, the account can no longer sign in', async () => {
    const { page } = browser;
    const created = await createEmployeeAccount({ name: 'Leaving Soon', email: 'leaving.soon@example.com', password: 'Leaving-pass-1!' });
    await signInFast(browser);
    await page.goto('/users');
    await page.getByPlaceholder('Buscar').fill('leaving.soon');
    await page.getByRole('link', { name: 'Editar a Leaving Soon' }).click();
    await page.waitForURL(`**/users-edit/${created.id}`);
    const form = page.getByTestId('user-form');
    expect(await form.getByLabel('Correo electrónico').inputValue()).toBe('leaving.soon@example.com');
    await form.getByLabel('Estado').selectOption('disabled');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL('**/users');
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('¡Actualizado correctamente!'));
    await page.getByPlaceholder('Buscar').fill('leaving.soon');
    await expect
      .poll(() =>
        page
          .getByTestId('users-table')
          .getByRole('row', { name: /Leaving Soon/ })
          .textContent(),
      )
      .toContain('Deshabilitado');

    // Signed out on this side (the flag stays set to false, so the test's session is not put back).
    await page.evaluate(() => {
      localStorage.setItem('signedIn', 'false');
      localStorage.removeItem('session');
    });
    await gotoAndSignIn(page, '/sign-in', 'leaving.soon@example.com', 'Leaving-pass-1!');
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('Esta cuenta está deshabilitada.');
  });
});
