import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PIN = '864209';
const nationalId = `CLK-${suffix}`;
const employee = { firstName: 'Tomás', lastName: `Relógio${suffix}` };
const fullName = `${employee.firstName} ${employee.lastName}`;

interface Created {
  id: string;
}

/** Company → department → job title → leave type → leave group → an employee with a PIN, and a schedule covering today. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const company = await api.call<Created>('POST', 'companies', { name: `Clockworks ${suffix}` });
  const department = await api.call<Created>('POST', 'departments', { name: `Floor ${suffix}`, companyId: company.id });
  const jobTitle = await api.call<Created>('POST', 'job-titles', { name: `Operator ${suffix}`, departmentId: department.id, companyId: company.id });
  const leaveType = await api.call<Created>('POST', 'leave-types', { name: `Holiday ${suffix}`, companyId: company.id });
  const leaveGroup = await api.call<Created>('POST', 'leave-groups', {
    name: `Shift ${suffix}`,
    description: 'Kiosk staff',
    privileges: [leaveType.id],
    status: 'active',
    companyId: company.id,
  });
  const created = await api.call<Created>('POST', 'employees', {
    ...employee,
    gender: 'MALE',
    email: `tomas.${suffix}@example.com`,
    nationalId,
    companyId: company.id,
    departmentId: department.id,
    jobTitleId: jobTitle.id,
    leaveGroupId: leaveGroup.id,
    employmentType: 'regular',
    pin: PIN,
  });
  await api.call('POST', 'schedules', {
    employeeId: created.id,
    startTime: '00:00:00.000Z',
    offTime: '23:59:00.000Z',
    totalHours: 8,
    restDays: [],
    fromDate: '2026-01-01',
  });

  // Attendance learns of the employee from people's events: wait until the kiosk knows them (a few tries,
  // well under the PIN lockout; a success resets the employee's count).
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${browser.baseUrl}/api/clock/identify/pin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: nationalId, pin: PIN }),
    });
    if (response.ok) break;
    if (attempt >= 4) throw new Error(`the kiosk never knew the employee: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  // …and of the schedule from scheduling's (same bus, published after the employee).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}, 60_000);

// The shared SuperAdmin is signed in on this browser, in English: the kiosk's answers must not sign them out.
beforeEach(async () => {
  await signInFast(browser);
  await startInLanguage(browser, 'en');
});

async function identify(page: Page, pin = PIN): Promise<void> {
  const form = page.getByTestId('clock-pin-form');
  await form.getByLabel('National ID or email').fill(nationalId);
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Continue' }).click();
}

async function result(page: Page): Promise<string> {
  const shown = page.getByTestId('clock-result');
  await shown.waitFor();
  return (await shown.textContent()) ?? '';
}

/** The punch buttons the kiosk offers the identified person. */
async function offered(page: Page): Promise<string[]> {
  await page.getByTestId('clock-identified').waitFor();
  return page.locator('[data-testid^="punch-"]').allTextContents();
}

describe.sequential('the clock kiosk', () => {
  it('refuses a wrong PIN with the server message and keeps the signed-in admin signed in', async () => {
    const { page } = browser;
    await page.goto('/clock');
    await page.getByTestId('clock-time').waitFor();
    await identify(page, '000000');
    await expect.poll(() => page.getByTestId('clock-notice').textContent()).toBe('Wrong ID or PIN');
    // A 401 from the kiosk is about the PIN typed in, not about the session.
    await page.goto('/attendance');
    await page.getByRole('heading', { name: 'Attendance' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/attendance');
  });

  it('checks the employee in after their ID and PIN, showing their name and "Recorded successfully!"', async () => {
    const { page } = browser;
    await page.goto('/clock');
    await identify(page);
    await expect.poll(() => page.getByTestId('clock-employee').textContent()).toBe(fullName);
    // Before the day starts, checking in is all there is to do.
    expect(await offered(page)).toEqual(['Check in']);
    await page.getByRole('button', { name: 'Check in' }).click();
    expect(await result(page)).toBe('Recorded successfully!');
    expect(await page.getByTestId('clock-result').getAttribute('data-outcome')).toBe('success');
  });

  it('offers break in and check out once checked in, never a second check-in', async () => {
    const { page } = browser;
    await page.goto('/clock');
    await identify(page);
    await expect.poll(() => offered(page)).toEqual(['Break in', 'Check out']);
    await page.getByRole('button', { name: 'Not me' }).click();
    await page.getByTestId('clock-pin-form').waitFor();
    // The next person starts typing at once: the cursor is back in the ID field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('identifier');
  });

  it("shows the employee's day on the admin attendance list, with the kiosk check-in in its history", async () => {
    const { page } = browser;
    await page.goto('/attendance');
    await page.getByTestId('attendance-search').fill(employee.lastName);
    const row = page.getByTestId('attendance-table').getByRole('row', { name: new RegExp(employee.lastName) });
    await row.waitFor();
    // A time in (the kiosk's), and the shift started at midnight: a late arrival.
    expect(await row.textContent()).toMatch(new RegExp(`${fullName}.*\\d{1,2}:\\d{2}.*Late arrival`));
    await row.getByRole('button', { name: new RegExp(`History of ${fullName}`) }).click();
    const history = page.getByRole('dialog').getByTestId('history-table');
    const event = history.getByRole('row', { name: /Checked in/ });
    await event.waitFor();
    expect(await event.textContent()).toContain('PIN');
    // A kiosk punch is the employee's own: no user is looked up for it.
    expect(await event.textContent()).toContain('The employee');
  });
});
