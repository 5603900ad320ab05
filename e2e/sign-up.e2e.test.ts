import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { ADMIN_EMAIL, signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();

afterAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  await api.call('PUT', 'settings/sign-up', { enabled: false });
});

describe('self sign-up (spec §4, §7)', () => {
  it('is offered on the sign-in page only once an administrator opens it; a new account lands in the personal area', async () => {
    const { page, context } = browser;
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByRole('button', { name: 'Registrarse' }).count()).toBe(0);

    // The SuperAdmin opens sign-up in Setting, in another tab of the same browser.
    const admin = await context.browser()!.newContext({ baseURL: browser.baseUrl });
    const adminTest = { baseUrl: browser.baseUrl, context: admin, page: await admin.newPage() };
    await signInFast(adminTest);
    await adminTest.page.goto('/setting');
    // The switch follows the server: it turns on once the change is saved.
    await adminTest.page.getByTestId('self-sign-up').click();
    await expect.poll(() => adminTest.page.getByTestId('self-sign-up').isChecked()).toBe(true);
    await expect
      .poll(() => adminTest.page.getByTestId('toast').allTextContents())
      .toContainEqual(expect.stringContaining('¡Configuración guardada correctamente!'));
    await admin.close();

    await page.reload();
    await page.getByRole('button', { name: 'Registrarse' }).click();
    const form = page.getByRole('form', { name: 'Crea tu cuenta' });
    await form.getByLabel('Nombre').fill('New Starter');
    await form.getByLabel('Correo electrónico').fill('new.starter@example.com');
    await form.getByLabel('Contraseña', { exact: true }).fill('New-starter-pass-1!');
    await form.getByLabel('Confirmar contraseña').fill('New-starter-pass-2!');
    await form.getByRole('button', { name: 'Registrarse' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('Las contraseñas no coinciden.');
    await form.getByLabel('Confirmar contraseña').fill('New-starter-pass-1!');
    await form.getByRole('button', { name: 'Registrarse' }).click();
    await page.waitForURL('**/personal/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByTestId('welcome').textContent()).toContain('New Starter');
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBe('true');
  });

  it('does not tell whether an email has an account: signing up with one in use signs no one in and says what may be wrong', async () => {
    await ApiClient.admin(browser.baseUrl).call('PUT', 'settings/sign-up', { enabled: true });
    const visitor = await browser.context.browser()!.newContext({ baseURL: browser.baseUrl });
    try {
      const page = await visitor.newPage();
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Registrarse' }).click();
      const form = page.getByRole('form', { name: 'Crea tu cuenta' });
      await form.getByLabel('Nombre').fill('Someone Else');
      await form.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
      await form.getByLabel('Contraseña', { exact: true }).fill('Someone-else-pass-1!');
      await form.getByLabel('Confirmar contraseña').fill('Someone-else-pass-1!');
      await form.getByRole('button', { name: 'Registrarse' }).click();
      // Two password hashes (sign-up, then the sign-in) on a busy machine: allow them time.
      await expect
        .poll(() => form.getByRole('alert').allTextContents(), { timeout: 60_000 })
        .toContainEqual(expect.stringContaining('Si este correo ya tenía una cuenta, inicia sesión con su contraseña'));
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(await page.evaluate(() => localStorage.getItem('signedIn'))).not.toBe('true');
    } finally {
      await visitor.close();
    }
  });
});
