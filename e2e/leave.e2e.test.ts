import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, localDateOf, weekdayOf, type Leave } from '../packages/contracts/src/index.ts';
import { ApiClient } from './support/api.ts';
import { settledAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployeeUser, createEmployee, createWorkplace, eventually, type NewEmployee, type Workplace } from './support/workplace.ts';
import { datePatternOf, dateValueOf, fillDate } from './support/date-field.ts';

const browser = useBrowser({ timezoneId: 'Europe/Lisbon' });

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Leave-pass-1!';
const person = (firstName: string, lastName: string, tag: string): NewEmployee => ({
  firstName,
  lastName: `${lastName}${suffix}`,
  email: `${tag}.leave.${suffix}@example.com`,
  nationalId: `LV-${tag}-${suffix}`,
});
/** Requests leave in the browser. */
const ana = person('Ana', 'Ausente', 'ana');
/** Of the same department, with approved leave overlapping Ana's (set up through the API). */
const bea = person('Bea', 'Aprobada', 'bea');
const fullName = (employee: NewEmployee) => `${employee.firstName} ${employee.lastName}`;
/** The one leave type createWorkplace makes. */
const leaveTypeName = `Holiday leave ${suffix}`;

/**
 * A Friday at least two weeks ahead whose next six days are in the same month, so one calendar month shows Ana's
 * leave (Friday to Tuesday: three working days with weekends off) and Bea's (Monday to Thursday) together.
 */
function plannedFriday(): string {
  let day = addDays(localDateOf(Date.now(), 'UTC'), 14);
  while (weekdayOf(day) !== 'friday' || Number(day.slice(8)) > 22) day = addDays(day, 1);
  return day;
}
const friday = plannedFriday();
const anaLeave = { from: friday, to: addDays(friday, 4), returnDate: addDays(friday, 5) };
const beaLeave = { from: addDays(friday, 3), to: addDays(friday, 6), returnDate: addDays(friday, 7) };
/** A later Wednesday Ana requests and then withdraws. */
const withdrawnDay = addDays(friday, 12);
const monthLabel = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${friday}T00:00:00Z`));

let workplace: Workplace;
let beaLeaveId: string;

/** Weekends off from 2026 on (times are wall-clock times in the company's zone). */
async function scheduleWeekendsOff(api: ApiClient, employeeId: string): Promise<void> {
  await api.call('POST', 'schedules', {
    employeeId,
    startTime: '09:00:00.000Z',
    offTime: '17:00:00.000Z',
    totalHours: 8,
    restDays: ['saturday', 'sunday'],
    fromDate: '2026-01-01',
  });
}

/**
 * Leave knows the employee, their leave group and their schedule once a weekend-only request is refused for
 * having no working day (before that it is refused as not linked, or accepted: then it is withdrawn again).
 */
async function leaveKnowsSchedule(employee: ApiClient, leaveTypeId: string): Promise<void> {
  const saturday = addDays(friday, 8);
  const response = await fetch(`${browser.baseUrl}/api/me/leaves`, {
    method: 'POST',
    headers: { authorization: `Bearer ${employee.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ leaveTypeId, from: saturday, to: addDays(saturday, 1), returnDate: addDays(saturday, 2), reason: 'probe' }),
  });
  if (response.status === 201) await employee.call('DELETE', `me/leaves/${((await response.json()) as Leave).id}`);
  if (response.status !== 400) throw new Error(`leave does not know the schedule yet: ${response.status}`);
}

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, `leave ${suffix}`);
  const { items: types } = await api.call<{ items: Array<{ id: string }> }>('GET', `leave-types?companyId=${workplace.companyId}`);
  const leaveTypeId = types[0]?.id ?? '';
  const role = await api.roleNamed('Employee');
  const employees: ApiClient[] = [];
  for (const employee of [ana, bea]) {
    const { id } = await createEmployee(api, workplace, employee);
    await scheduleWeekendsOff(api, id);
    await createEmployeeUser(api, workplace, { name: fullName(employee), email: employee.email, roleId: role.id, password: PASSWORD, employeeId: id });
    const client = await ApiClient.signIn(browser.baseUrl, employee.email, PASSWORD);
    await eventually(`leave's schedule of ${employee.email}`, () => leaveKnowsSchedule(client, leaveTypeId));
    employees.push(client);
  }
  const beas = await employees[1]!.call<Leave>('POST', 'me/leaves', { leaveTypeId, ...beaLeave, reason: 'Family visit' });
  beaLeaveId = beas.id;
  await api.call('PUT', `leaves/${beaLeaveId}/decision`, { status: 'approved' });
}, 120_000);

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

/** At a phone's 375 px the page itself never scrolls sideways (wide tables scroll in their own box). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** My request of that many working days (whatever order the dates are shown in: settings are shared by files). */
function myRow(page: Page, workingDays: number) {
  return page
    .getByTestId('my-leave-table')
    .getByRole('row')
    .filter({ hasText: leaveTypeName })
    .filter({ has: page.getByRole('cell', { name: String(workingDays), exact: true }) });
}

describe.sequential('leave, from the request to the decision', () => {
  it('lets the employee request Friday to Tuesday, counting three working days as they type, and withdraw another request', async () => {
    const { page } = browser;
    await signInFast(browser, ana.email, PASSWORD);
    await page.goto('/personal/leave');
    await page.getByRole('heading', { name: 'My Leave' }).waitFor();
    await page.getByTestId('request-leave').click();
    await page.waitForURL('**/personal/leave-create');
    const form = page.getByTestId('leave-form');
    await form.getByLabel('Leave type').selectOption({ label: leaveTypeName });
    await fillDate(form.getByLabel('From'), anaLeave.from);
    await fillDate(form.getByLabel('To', { exact: true }), anaLeave.to);
    await expect.poll(() => form.getByTestId('live-working-days').textContent()).toBe('3 working days');
    // The return date follows: the first working day after the leave.
    expect(await dateValueOf(form.getByLabel('Return date'))).toBe(anaLeave.returnDate);
    expect(await settledAxeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => form.getByText('Reason is required').count()).toBe(1);
    await form.getByLabel('Reason').fill('A long weekend with family');
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL('**/personal/leave');
    const requested = myRow(page, 3);
    await requested.waitFor();
    expect(await requested.textContent()).toContain('Pending');
    expect(await requested.getByRole('cell').nth(3).textContent()).toBe('3');

    // A second request, withdrawn after confirming.
    await page.getByTestId('request-leave').click();
    await form.getByLabel('Leave type').selectOption({ label: leaveTypeName });
    await fillDate(form.getByLabel('From'), withdrawnDay);
    await fillDate(form.getByLabel('To', { exact: true }), withdrawnDay);
    await form.getByLabel('Reason').fill('Dentist');
    await form.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL('**/personal/leave');
    const second = myRow(page, 1);
    await second.waitFor();
    await second.getByRole('button', { name: /^Withdraw/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This action cannot be undone.').waitFor();
    // Once the dialog has finished fading and scaling in: axe reads colours as drawn.
    await page.waitForFunction(() => {
      const box = document.querySelector('dialog[open] .modal-box');
      return (
        box !== null &&
        getComputedStyle(box).opacity === '1' &&
        getComputedStyle(box).transform === 'none' &&
        getComputedStyle(box.parentElement ?? box).opacity === '1'
      );
    });
    expect(await settledAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => second.count()).toBe(0);
    expect(await requested.count()).toBe(1);
    // Asked again while the closing dialog fades out (axe reads colours as drawn); a real violation stays.
    await expect.poll(() => settledAxeViolations(page), { timeout: 5_000 }).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.getByTestId('request-leave').click();
    await form.waitFor();
    await expectNoSidewaysScroll(page);
  });

  it('shows the admin the pending request first and on the calendar, and lets them approve it with a comment', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/leave-list');
    await page.getByRole('heading', { name: 'Leave', exact: true }).waitFor();
    await page.getByTestId('leave-company-filter').selectOption({ label: `Works leave ${suffix}` });
    const rows = page.getByTestId('leave-table').getByRole('row').filter({ hasText: suffix });
    await expect.poll(() => rows.count()).toBe(2);
    // Ana's pending request comes before Bea's approved leave, though Bea's starts later.
    expect(await rows.nth(0).textContent()).toContain(fullName(ana));
    expect(await rows.nth(0).textContent()).toContain('Pending');
    expect(await rows.nth(1).textContent()).toContain(fullName(bea));
    expect(await rows.nth(1).textContent()).toContain('Approved');
    expect(await settledAxeViolations(page)).toEqual([]);

    // The calendar of the leave's month: both, told apart in words as well as colour.
    await page.getByTestId('leave-tab-calendar').click();
    const heading = page.locator('#leave-calendar-month');
    await heading.waitFor();
    for (let clicks = 0; clicks < 3 && (await heading.textContent()) !== monthLabel; clicks += 1) await page.getByTestId('calendar-next').click();
    await expect.poll(() => heading.textContent()).toBe(monthLabel);
    // The week grid (a phone gets a list of days instead).
    const entries = page.getByTestId('leave-calendar').getByRole('table').getByTestId('calendar-entry');
    const anas = entries.filter({ hasText: fullName(ana) });
    await expect.poll(() => anas.count()).toBe(5);
    expect(await anas.first().getAttribute('data-status')).toBe('pending');
    expect(await anas.first().textContent()).toContain('Pending');
    expect(
      await entries
        .filter({ hasText: fullName(bea) })
        .first()
        .textContent(),
    ).toContain('Approved');
    expect(await settledAxeViolations(page)).toEqual([]);
    // On a phone: a list of the days with someone off.
    await expectNoSidewaysScroll(page);
    const phoneDays = page.getByTestId('leave-calendar-days');
    await expect
      .poll(() =>
        phoneDays
          .getByTestId('calendar-entry')
          .filter({ hasText: fullName(ana) })
          .count(),
      )
      .toBe(5);
    expect(
      await phoneDays
        .getByTestId('calendar-entry')
        .filter({ hasText: fullName(ana) })
        .first()
        .textContent(),
    ).toContain('Pending');
    expect(await settledAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The review: the request, Bea's overlapping approved leave, and the decision.
    await anas.first().getByRole('link').click();
    await page.waitForURL('**/leave-edit/*');
    await page.getByTestId('leave-details').waitFor();
    expect(await page.getByTestId('leave-working-days').textContent()).toBe('3');
    await page.getByTestId('overlapping-leave').getByText(fullName(bea)).waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Comment').fill('Enjoy the long weekend');
    await page.getByTestId('approve-leave').click();
    await page.waitForURL('**/leave-list*');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('leave-tab-list').click();
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('leave-table')
            .getByRole('row')
            .filter({ hasText: fullName(ana) })
            .textContent()) ?? '',
      )
      .toContain('Approved');
  });

  it('shows the employee the approval and the comment, and no longer lets them change it', async () => {
    const { page } = browser;
    await signInFast(browser, ana.email, PASSWORD);
    await page.goto('/personal/leave');
    const approved = myRow(page, 3);
    await approved.waitFor();
    expect(await approved.textContent()).toContain('Approved');
    expect(await approved.textContent()).toContain('Enjoy the long weekend');
    expect(await approved.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    expect(await approved.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
  });
});

describe('the request form in Spanish', () => {
  it('states every error of an empty request in Spanish and asks for the dates in the fields’ own pattern', async () => {
    const { page } = browser;
    await signInFast(browser, ana.email, PASSWORD);
    // Registered after the file's English default, so it wins.
    await browser.context.addInitScript(() => localStorage.setItem('language', 'es'));
    await page.goto('/personal/leave-create');
    const form = page.getByTestId('leave-form');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    // The organisation's order, in Spanish letters (dd/mm/aaaa, mm/dd/aaaa…), never the API's YYYY-MM-DD.
    const pattern = await datePatternOf(form.getByLabel('Desde'));
    expect(pattern).toMatch(/^(dd|mm|aaaa)\W(dd|mm)\W(dd|mm|aaaa)$/);
    const askForDate = `Escriba la fecha como ${pattern}.`;
    await expect
      .poll(() => form.getByRole('alert').allTextContents())
      .toEqual(['El tipo de ausencia es obligatorio', askForDate, askForDate, askForDate, 'El motivo es obligatorio']);
  });
});
