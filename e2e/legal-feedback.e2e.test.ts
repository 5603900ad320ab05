import { beforeAll, describe, expect, it } from 'vitest';
import { samplePhotoPath } from '../packages/face/src/testing.ts';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInFast, startInLanguage, toastTexts, useBrowser } from './support/browser.ts';
import { createCompanyAdmin, createWorkplace, type Workplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of its own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Feedback-pass-1!';
const admin = { email: `fb.admin.${suffix}@example.com`, name: `Fiona Feedback ${suffix}` };
let workplace: Workplace;

async function legalNotice(): Promise<{ terms: { en: string; es: string }; privacy: { en: string; es: string } }> {
  return (await fetch(`${browser.baseUrl}/api/legal`)).json() as never;
}

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, `feedback ${suffix}`);
  await createCompanyAdmin(api, workplace, { ...admin, password: PASSWORD });
}, 90_000);

describe.sequential('legal notice, feedback, time format and discard in dialogs (issue 19)', () => {
  it("opens 'Term & Conditions' and 'Privacy & Policy' from the footer without signing in, in English and Spanish", async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    const notice = await legalNotice();
    await page.goto('/access-denied');
    await page.getByTestId('footer').getByRole('link', { name: 'Term & Conditions' }).click();
    await page.waitForURL((url) => url.pathname === '/legal/terms');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Term & Conditions');
    const firstHeading = notice.terms.en.split('\n')[0]?.replace(/^# /, '') ?? '';
    await expect.poll(() => page.getByTestId('legal-text').textContent()).toContain(firstHeading);
    await expectNoAxeViolations(page, 'legal terms (en)');
    await page.getByTestId('footer').getByRole('link', { name: 'Privacy & Policy' }).click();
    await page.waitForURL((url) => url.pathname === '/legal/privacy');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Política de privacidad');
    await expect.poll(() => page.getByTestId('legal-text').textContent()).toContain(notice.privacy.es.split('\n')[0]?.replace(/^# /, '') ?? '');
    await expectNoAxeViolations(page, 'legal privacy (es)');
  });

  it('lets the SuperAdmin rewrite the legal texts in Settings, shown as text (never as HTML)', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    await signInFast(browser);
    await page.goto('/setting');
    const form = page.getByTestId('legal-notice-form');
    await form.getByLabel('Term & Conditions (English)').fill(`# House rules ${suffix}\n\n<img src=x onerror="window.injected=1"> Be kind.`);
    await form.getByRole('button', { name: 'Save legal texts' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Settings saved successfully!');
    await page.getByTestId('legal-notice-section').getByRole('link', { name: 'Term & Conditions' }).click();
    await page.waitForURL((url) => url.pathname === '/legal/terms');
    await expect.poll(() => page.getByRole('heading', { name: `House rules ${suffix}` }).count()).toBe(1);
    expect(await page.getByTestId('legal-text').textContent()).toContain('<img src=x onerror="window.injected=1"> Be kind.');
    expect(await page.getByTestId('legal-text').locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    await page.goto('/setting');
    await expect.poll(() => page.getByTestId('legal-notice-form').count()).toBe(1);
    await expectNoAxeViolations(page, 'settings with the legal notice');
  });

  it('sends feedback with a screenshot from the user menu (Spanish), and the Admin sees it and marks it resolved (English)', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'es');
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('send-feedback').click();
    const dialog = page.getByTestId('feedback-dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Enviar comentarios' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => dialog.getByText('Elige una categoría').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'feedback dialog (es)');
    await dialog.getByLabel('Categoría').selectOption('idea');
    await dialog.getByLabel('Mensaje').fill(`Más colores ${suffix}`);
    await dialog.getByLabel('Incluir una captura de esta página').check();
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect.poll(() => toastTexts(page), { timeout: 20_000 }).toContain('¡Comentarios enviados, gracias!');
    expect(await dialog.count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/setting');
    await page.getByRole('link', { name: 'Open the feedback list' }).click();
    await page.waitForURL((url) => url.pathname === '/feedback');
    const row = page
      .getByTestId('feedback-table')
      .getByRole('row')
      .filter({ hasText: `Más colores ${suffix}` });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('Idea');
    expect(await row.textContent()).toContain('/dashboard');
    const screenshot = await page.request.get(`${browser.baseUrl}${await row.getByRole('link', { name: 'Open' }).getAttribute('href')}`);
    expect(screenshot.headers()['content-type']).toBe('image/png');
    await expectNoAxeViolations(page, 'feedback list (en)');
    await row.getByRole('button', { name: 'Mark resolved' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('feedback-status-filter').selectOption('resolved');
    await expect
      .poll(() =>
        page
          .getByTestId('feedback-table')
          .getByRole('row')
          .filter({ hasText: `Más colores ${suffix}` })
          .count(),
      )
      .toBe(1);
  });

  it("shows times in the person's own format where the organisation lets them choose", async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/personal/setting');
    await page.getByTestId('my-time-format').selectOption('12');
    await expect.poll(() => toastTexts(page)).toContain('Settings saved successfully!');
    await expectNoAxeViolations(page, 'personal settings (en)');
    await page.goto('/feedback');
    await page.getByTestId('feedback-status-filter').selectOption('');
    const sent = page
      .getByTestId('feedback-table')
      .getByRole('row')
      .filter({ hasText: `Más colores ${suffix}` })
      .getByRole('cell')
      .first();
    await expect.poll(() => sent.textContent()).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)$/i);
    await page.goto('/personal/setting');
    await page.getByTestId('my-time-format').selectOption('24');
    await expect.poll(() => toastTexts(page)).toContain('Settings saved successfully!');
    await page.goto('/feedback');
    await page.getByTestId('feedback-status-filter').selectOption('');
    await expect.poll(() => sent.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);

    // The company turns the choice off: the person's page says the company's format instead.
    const api = await ApiClient.signIn(browser.baseUrl, admin.email, PASSWORD);
    await api.call('PUT', 'settings', { peopleChooseTimeFormat: false });
    await page.goto('/personal/setting');
    await expect.poll(() => page.getByTestId('time-format-fixed').textContent()).toContain('24');
    await api.call('PUT', 'settings', { peopleChooseTimeFormat: true });
  });

  it('uploads a profile image shown in the user menu, and removes it for the initials again', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/account-setting');
    const menuAvatar = page.getByTestId('user-menu').locator('img');
    expect(await menuAvatar.count()).toBe(0);
    await page.getByTestId('profile-image-input').setInputFiles(samplePhotoPath(2));
    // The server re-encodes and crops a 2 MP photo: a moment on a busy machine.
    await expect.poll(() => toastTexts(page), { timeout: 30_000 }).toContain('Changes saved!');
    await expect.poll(() => menuAvatar.count()).toBe(1);
    await expect.poll(() => menuAvatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(128);
    await expectNoAxeViolations(page, 'account settings with a profile image (en)');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByRole('button', { name: 'Quitar imagen' }).click();
    await expect.poll(() => menuAvatar.count()).toBe(0);
    expect(await page.getByTestId('user-menu').textContent()).toContain('FF');
  });

  for (const [language, texts] of [
    ['en', { add: /Add|New/, cancel: 'Cancel', discard: 'Discard', discarded: 'Discarded', undone: 'This action cannot be undone.' }],
    ['es', { add: /Añadir|Nuevo|Nueva/, cancel: 'Cancelar', discard: 'Descartar', discarded: 'Descartado', undone: 'Esta acción no se puede deshacer.' }],
  ] as const) {
    it(`asks before closing a dialog form with unsaved changes, then says it was discarded (${language})`, async () => {
      const { page } = browser;
      await startInLanguage(browser, language);
      await signInFast(browser, admin.email, PASSWORD);
      await page.goto('/department');
      await page.getByTestId('add-record').click();
      const form = page.getByTestId('record-form');
      await form.locator('input[name="name"]').fill(`Unsaved ${suffix}`);
      await form.getByRole('button', { name: texts.cancel }).click();
      const question = page.getByRole('dialog').filter({ hasText: texts.undone });
      await expect.poll(() => question.count()).toBe(1);
      await expectNoAxeViolations(page, `discard question (${language})`);
      // Staying keeps what was typed.
      await question.getByRole('button', { name: texts.cancel }).click();
      expect(await form.locator('input[name="name"]').inputValue()).toBe(`Unsaved ${suffix}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => question.count()).toBe(1);
      await question.getByRole('button', { name: texts.discard }).click();
      await expect.poll(() => toastTexts(page)).toContain(texts.discarded);
      await expect.poll(() => form.count()).toBe(0);
      // An untouched form closes at once.
      await page.getByTestId('add-record').click();
      await page.getByTestId('record-form').getByRole('button', { name: texts.cancel }).click();
      await expect.poll(() => page.getByTestId('record-form').count()).toBe(0);
    });
  }
});
