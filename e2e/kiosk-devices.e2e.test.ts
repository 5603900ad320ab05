import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PIN = '735102';
const PASSWORD = 'Kiosk-admin-pass-1!';
/** An Admin of the company: registers its kiosks (no company to choose). */
const admin = { name: 'Kiosk Admin', email: `kiosk.admin.${suffix}@example.com` };
const employee: NewEmployee & { pin: string } = {
  firstName: 'Quim',
  lastName: `Quiosque${suffix}`,
  email: `quim.${suffix}@example.com`,
  nationalId: `KSK-${suffix}`,
  pin: PIN,
};
const fullName = `${employee.firstName} ${employee.lastName}`;
const kioskName = `Front door ${suffix}`;
const KIOSK_TOKEN_KEY = 'kioskToken';
/** Kept from the registration for the revocation test (every test starts with empty storage). */
let kioskToken = '';

function identifyWithoutKiosk(): Promise<Response> {
  return fetch(`${browser.baseUrl}/api/clock/identify/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: employee.nationalId, pin: PIN }),
  });
}

/** A company with an Admin and an employee with a PIN and a schedule covering today; no kiosk yet. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, `kiosk ${suffix}`);
  const created = await createEmployee(api, workplace, employee);
  await createSchedule(api, created.id, '00:00:00.000Z', '23:59:00.000Z', 8);
  const adminRole = await api.roleNamed('Admin');
  // Identity learns of the company from people's events: the user is refused until it has.
  await eventually(`the user of ${admin.email}`, () =>
    api.createUser({ ...admin, accountType: 'Admin', roleId: adminRole.id, password: PASSWORD, companyId: workplace.companyId }),
  );
  // Attendance learns of the employee too (a few tries, well under the PIN lockout), then of the schedule.
  await eventually(
    'the kiosk knowing the employee',
    async () => {
      const response = await identifyWithoutKiosk();
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { tries: 4, delayMs: 1_500 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}, 90_000);

beforeEach(async () => {
  await signInFast(browser, admin.email, PASSWORD);
  await startInLanguage(browser, 'en');
});

async function toasts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}

function kioskRow(page: Page) {
  return page.getByTestId('kiosk-devices-table').getByRole('row', { name: new RegExp(kioskName) });
}

async function identifyByPin(page: Page): Promise<void> {
  const form = page.getByTestId('clock-pin-form');
  await form.getByLabel('National ID or email').fill(employee.nationalId);
  await form.getByLabel('PIN').fill(PIN);
  await form.getByRole('button', { name: 'Continue' }).click();
}

describe.sequential('registered kiosks', () => {
  it('registers a kiosk, shows its token once, and clocks the company’s employee in at this browser as that kiosk', async () => {
    const { page } = browser;
    await page.goto('/setting');
    const section = page.getByTestId('kiosk-devices');
    await section.getByText('No kiosks registered.').waitFor();
    const form = page.getByTestId('kiosk-register-form');
    // An Admin's kiosks belong to their own company.
    expect(await form.getByLabel('Company').count()).toBe(0);
    await form.getByLabel('Kiosk name').fill(kioskName);
    await form.getByRole('button', { name: 'Register kiosk' }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Created successfully!'));

    const tokenField = page.getByTestId('kiosk-token');
    kioskToken = await tokenField.inputValue();
    expect(kioskToken).not.toBe('');
    await expect.poll(() => kioskRow(page).textContent()).toMatch(/Never.*Active/);

    await page.getByRole('button', { name: 'Use this browser as this kiosk' }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining(`This browser is now the kiosk ${kioskName}.`));
    expect(await page.evaluate((key) => localStorage.getItem(key), KIOSK_TOKEN_KEY)).toBe(kioskToken);

    // Shown once: hidden, it is nowhere on the page, not even after a reload.
    await page.getByRole('button', { name: 'Hide the token' }).click();
    expect(await tokenField.count()).toBe(0);
    await page.reload();
    await kioskRow(page).waitFor();
    expect(await page.content()).not.toContain(kioskToken);
    expect(await section.getByTestId('this-browser-kiosk').textContent()).toContain('This browser is used as a registered kiosk.');

    // The rule: the company's employees are now identified only at its registered kiosks.
    expect((await identifyWithoutKiosk()).ok).toBe(false);

    await page.goto('/clock');
    await expect.poll(() => page.getByTestId('kiosk-device').textContent()).toBe(`Kiosk: ${kioskName}`);
    await identifyByPin(page);
    await expect.poll(() => page.getByTestId('clock-employee').textContent()).toBe(fullName);
    await page.getByRole('button', { name: 'Check in' }).click();
    const result = page.getByTestId('clock-result');
    await result.waitFor();
    expect(await result.textContent()).toBe('Recorded successfully!');
    expect(await result.getAttribute('data-outcome')).toBe('success');

    // The list tells when the kiosk last identified someone.
    await page.goto('/setting');
    await expect.poll(() => kioskRow(page).textContent()).not.toContain('Never');
  });

  it('names each kiosk’s company under its name in a SuperAdmin’s list of every company’s kiosks', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/setting');
    const row = kioskRow(page);
    await expect.poll(() => row.getByTestId('kiosk-company').textContent()).toBe(`Company: Works kiosk ${suffix}`);
    // No column of its own: the company is part of the kiosk's cell.
    expect(await page.getByTestId('kiosk-devices-table').getByRole('columnheader', { name: 'Company' }).count()).toBe(0);
  });

  it('revokes the kiosk after a confirmation; the kiosk then says it is not registered and forgets its token on request', async () => {
    const { page } = browser;
    expect(kioskToken).not.toBe('');
    // This browser is still the kiosk (once: forgetting it must last across page loads).
    await browser.context.addInitScript(
      ({ key, token }) => {
        if (sessionStorage.getItem('kioskSeeded') !== null) return;
        localStorage.setItem(key, token);
        sessionStorage.setItem('kioskSeeded', 'true');
      },
      { key: KIOSK_TOKEN_KEY, token: kioskToken },
    );

    await page.goto('/setting');
    const row = kioskRow(page);
    await row.getByRole('button', { name: `Revoke ${kioskName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Deleted successfully!'));
    // Still listed, as revoked, and no longer revocable.
    await expect.poll(() => row.textContent()).toContain('Revoked');
    expect(await row.getByRole('button', { name: `Revoke ${kioskName}` }).count()).toBe(0);

    await page.goto('/clock');
    const notice = page.getByTestId('kiosk-not-registered');
    await expect.poll(() => notice.textContent()).toContain('This kiosk is not registered or was revoked; ask an administrator.');
    expect(await page.getByTestId('kiosk-device').count()).toBe(0);
    await notice.getByRole('button', { name: 'Forget this kiosk' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), KIOSK_TOKEN_KEY)).toBeNull();

    // With no active kiosk left, the company's employees are identified at any kiosk again.
    await page.reload();
    await identifyByPin(page);
    await expect.poll(() => page.getByTestId('clock-employee').textContent()).toBe(fullName);
    expect(await page.getByTestId('kiosk-not-registered').count()).toBe(0);
  });
});
