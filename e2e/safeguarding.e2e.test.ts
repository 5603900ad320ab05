import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultKioskNotice } from '../packages/contracts/src/index.ts';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployee, createWorkplace, type Workplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of its own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const leaver = { firstName: 'Ines', lastName: `Borrada${suffix}`, email: `ines.${suffix}@example.com`, nationalId: `SAFE-${suffix}` };
let api: ApiClient;
let workplace: Workplace;
let leaverId: string;

/** Waits for a toast saying `text` (each toast also holds its close button). */
async function toastSaying(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, `safeguarding ${suffix}`);
  leaverId = (await createEmployee(api, workplace, leaver)).id;
}, 90_000);

describe.sequential('settings: safeguarding of personal and biometric data', () => {
  it('edits the kiosk notice, which the clock shows beside the camera, in English', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    await signInFast(browser);
    await page.goto('/setting');
    const section = page.getByTestId('safeguarding');
    await section.getByLabel('Notice in English').waitFor();
    expect(await section.getByLabel('Notice in English').inputValue()).not.toBe('');
    const notice = `Cameras here read your face to clock you in (${suffix}).`;
    await section.getByLabel('Notice in English').fill(notice);
    await section.getByRole('button', { name: 'Save safeguarding settings' }).click();
    await toastSaying(page, 'Settings saved successfully!');
    await expectNoAxeViolations(page, 'settings with the safeguarding section');

    // A retention outside its range is refused where it was typed.
    await section.getByLabel(/Days to keep/).fill('0');
    await section.getByRole('button', { name: 'Save safeguarding settings' }).click();
    await section.getByText('Retention must be a whole number of days from 1 to 3650').waitFor();

    await page.goto('/clock');
    const shown = page.getByTestId('kiosk-notice');
    // The camera (and so the notice) needs a camera-capable browser: the notice route answers either way.
    const answer = (await (await fetch(`${browser.baseUrl}/api/clock/notice`)).json()) as { kioskNotice: { en: string } };
    expect(answer.kioskNotice.en).toBe(notice);
    if (await page.getByTestId('use-camera').isVisible()) expect(await shown.textContent()).toContain(notice);
    await api.call('PUT', 'settings/safeguarding', { kioskNotice: defaultKioskNotice });
  });

  it('turns face clocking off for a company after a confirmation, deleting templates and photos, in Spanish', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'es');
    await signInFast(browser);
    await page.goto('/setting');
    const section = page.getByTestId('safeguarding');
    await section.getByLabel('Fichaje facial de').selectOption(workplace.companyId);
    const toggle = section.getByTestId('face-clocking');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: /Desactivar el fichaje facial/ });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Esta acción no se puede deshacer.');
    await expectNoAxeViolations(page, 'face clocking confirmation');
    await dialog.getByTestId('delete-photos-too').check();
    await dialog.getByRole('button', { name: 'Desactivar y borrar' }).click();
    await toastSaying(page, 'El fichaje facial está desactivado: 0 plantillas faciales y 0 fotos borradas.');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const state = await api.call<{ enabled: boolean }>('GET', `settings/face-clocking?companyId=${workplace.companyId}`);
    expect(state.enabled).toBe(false);
  });
});

describe.sequential("an employee's personal data: export and erasure", () => {
  it('exports the data as JSON, then erases it after the typed confirmation, in English', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'en');
    await signInFast(browser);
    await page.goto(`/employee-details/${leaverId}`);
    const card = page.getByTestId('personal-data');
    await card.getByTestId('export-json').waitFor();
    const href = (await card.getByTestId('export-json').getAttribute('href')) ?? '';
    // Reporting hears of a new employee a moment after people: the export follows it (with the session cookie).
    const exportedText = () =>
      page.evaluate(async (url) => {
        const response = await fetch(url);
        return response.ok ? response.text() : '';
      }, href);
    await expect.poll(exportedText, { timeout: 10_000 }).toContain(leaver.lastName);
    const exported = JSON.parse(await exportedText()) as { employee: { email: string } };
    expect(exported.employee.email).toBe(leaver.email);
    expect(await card.getByTestId('export-xlsx').getAttribute('href')).toBe(`/api/employees/${leaverId}/data-export/xlsx`);

    await card.getByTestId('erase-personal-data').click();
    const dialog = page.getByRole('dialog', { name: /Erase the personal data of/ });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'erasure confirmation');
    const confirm = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('erase-confirmation').fill(`${leaver.firstName} ${leaver.lastName}`);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    const pseudonym = `Erased employee ${leaverId.replaceAll('-', '').slice(0, 4)}`;
    await toastSaying(page, `The personal data was erased. The employee is now ${pseudonym}.`);
    await page.getByTestId('employee-details').getByRole('heading', { name: pseudonym, exact: true }).waitFor();
    expect(await page.getByTestId('employee-details').textContent()).not.toContain(leaver.lastName);
  });

  it('shows the personal data card in Spanish', async () => {
    const { page } = browser;
    await startInLanguage(browser, 'es');
    await signInFast(browser);
    await page.goto(`/employee-details/${leaverId}`);
    const card = page.getByTestId('personal-data');
    await card.getByText('Exportar datos (JSON)').waitFor();
    expect(await card.getByTestId('erase-personal-data').textContent()).toBe('Borrar los datos personales');
    await expectNoAxeViolations(page, 'employee details with personal data');
  });
});
