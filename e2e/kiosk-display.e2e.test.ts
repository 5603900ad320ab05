import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '../packages/contracts/src/index.ts';
import { ApiClient } from './support/api.ts';
import { startInLanguage, useBrowser } from './support/browser.ts';
import { createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PIN = '482913';
const employee: NewEmployee & { pin: string } = {
  firstName: 'Telma',
  lastName: `Tempo${suffix}`,
  email: `telma.${suffix}@example.com`,
  nationalId: `TMP-${suffix}`,
  pin: PIN,
};
/** The token of the company's registered kiosk. */
let kioskToken = '';

function clockCall(path: string, init: RequestInit = {}, token = ''): Promise<Response> {
  return fetch(`${browser.baseUrl}/api/clock/${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-kiosk-token': token } : {}) },
  });
}

/** A company on the 12-hour clock with a registered kiosk, and an employee with a PIN on an all-day schedule. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, `kiosk time ${suffix}`);
  await api.call('PUT', 'settings', { companyId: workplace.companyId, timeFormat: 2 });
  const { id } = await createEmployee(api, workplace, employee);
  await createSchedule(api, id, '00:00:00.000Z', '23:59:00.000Z', 8);
  ({ token: kioskToken } = await api.call<{ token: string }>('POST', 'kiosk-devices', { name: `Hall ${suffix}`, companyId: workplace.companyId }));
  // Attendance learns of the employee and the settings from people's events (a few tries, under the PIN lockout).
  await eventually(
    'the kiosk knowing the employee',
    async () => {
      const response = await clockCall('identify/pin', { method: 'POST', body: JSON.stringify({ identifier: employee.nationalId, pin: PIN }) }, kioskToken);
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { tries: 4, delayMs: 1_500 },
  );
  await eventually('the kiosk knowing the 12-hour clock', async () => {
    const response = await clockCall('display', {}, kioskToken);
    const display = (await response.json()) as { timeFormat?: number };
    if (display.timeFormat !== 2) throw new Error(`${response.status} ${JSON.stringify(display)}`);
  });
}, 90_000);

async function identifyByPin(page: Page): Promise<string> {
  await page.goto('/clock');
  const form = page.getByTestId('clock-pin-form');
  await form.locator('input[name="identifier"]').fill(employee.nationalId);
  await form.locator('input[name="pin"]').fill(PIN);
  await form.locator('button[type="submit"]').click();
  const notice = page.getByTestId('clock-notice');
  await notice.waitFor();
  return (await notice.textContent()) ?? '';
}

describe('the kiosk', () => {
  it("shows its clock in the company's 12-hour format at the company's registered kiosk", async () => {
    const { page, context } = browser;
    await startInLanguage(browser, 'en');
    await context.addInitScript((token) => localStorage.setItem('kioskToken', token), kioskToken);
    await page.goto('/clock');
    // The kiosk's settings arrive after the page: the clock follows them.
    const twelveHour = /^\d{1,2}:\d{2}(:\d{2})?\s?[AP]M$/;
    await page.getByTestId('clock-time').filter({ hasText: twelveHour }).waitFor();
    expect(await page.getByTestId('clock-time').textContent()).toMatch(twelveHour);
  });

  it('says, after Access Denied at a browser that is not the registered kiosk, to clock in at the company’s kiosk', async () => {
    await startInLanguage(browser, 'en');
    const notice = await identifyByPin(browser.page);
    expect(notice.startsWith(formatMessage('accessDenied'))).toBe(true);
    expect(notice).toContain("This browser is not your company's registered kiosk");
    expect(notice).toContain("Please clock in at your company's kiosk, or ask your administrator.");
  });

  it('says the same in Spanish', async () => {
    await startInLanguage(browser, 'es');
    const notice = await identifyByPin(browser.page);
    expect(notice.startsWith('¡Acceso denegado! No tienes permiso para visitar esta página.')).toBe(true);
    expect(notice).toContain('Este navegador no es el quiosco registrado de tu empresa');
    expect(notice).toContain('Ficha en el quiosco de tu empresa o consulta a tu administrador.');
  });
});
