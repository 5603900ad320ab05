import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const owner = { email: 'password.owner@example.com', name: 'Password Owner', password: 'Owner-password-1!' };

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const role = await api.roleNamed('Employee');
  await api.createUser({ ...owner, accountType: 'Employee', roleId: role.id });
});

async function submitPasswords(page: Page, current: string, next: string, confirm: string): Promise<void> {
  const form = page.getByTestId('password-form');
  await form.getByLabel('Contraseña actual').fill(current);
  await form.getByLabel('Nueva contraseña', { exact: true }).fill(next);
  await form.getByLabel('Confirmar nueva contraseña').fill(confirm);
  await form.getByRole('button', { name: 'Actualizar contraseña' }).click();
}

describe('account settings: change password (spec §5)', () => {
  it('checks every rule with its message, then changes the password and keeps the session', async () => {
    const { page } = browser;
    await signInFast(browser, owner.email, owner.password);
    await page.goto('/personal/account-setting');
    await page.getByTestId('password-form').waitFor();
    const form = page.getByTestId('password-form');

    await form.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect.poll(() => page.getByTestId('password-form-error').textContent()).toBe('Por favor, completa todos los campos');

    const cases: [string, string][] = [
      ['alllowercase1!', 'La contraseña debe contener una letra mayúscula'],
      ['ALLUPPERCASE1!', 'La contraseña debe contener una letra minúscula'],
      ['NoNumbers!!', 'La contraseña debe contener un número'],
      ['NoSpecial123', 'La contraseña debe contener un carácter especial'],
      ['Shr1!', 'La contraseña debe tener al menos 8 caracteres'],
    ];
    for (const [weak, message] of cases) {
      await submitPasswords(page, owner.password, weak, weak);
      await expect.poll(() => form.getByRole('alert').allTextContents(), { message: weak }).toContain(message);
    }

    await submitPasswords(page, owner.password, 'Brand-new-pass-2!', 'Brand-new-pass-3!');
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('Las contraseñas no coinciden.');

    await submitPasswords(page, 'Not-the-current-1!', 'Brand-new-pass-2!', 'Brand-new-pass-2!');
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('La contraseña actual no es correcta');
    expect(new URL(page.url()).pathname).toBe('/personal/account-setting');

    await submitPasswords(page, owner.password, 'Brand-new-pass-2!', 'Brand-new-pass-2!');
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('¡Contraseña cambiada correctamente!'));
    // The old token is dead; the new one from the answer keeps this session working.
    await page.getByRole('link', { name: 'Mi asistencia' }).click();
    await page.waitForURL('**/personal/attendance');
    await page.goto('/personal/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect(new URL(page.url()).pathname).toBe('/personal/dashboard');
    const other = await ApiClient.signIn(browser.baseUrl, owner.email, 'Brand-new-pass-2!');
    expect(other.token).toBeTruthy();
  });

  it('updates the user information', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/account-setting');
    await page.getByTestId('password-form').waitFor();
    await page.getByLabel('Nombre').fill('Root Admin');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toEqual([expect.stringContaining('¡Cambios guardados!')]);
    expect(await page.getByTestId('user-menu').textContent()).toContain('Root Admin');
  });
});
