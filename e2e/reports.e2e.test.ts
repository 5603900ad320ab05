import { readFile } from 'node:fs/promises';
import { readWorkbook } from '@ams/spreadsheet/testing';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { settledAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployeeUser, createWorkplace, eventually, type Workplace } from './support/workplace.ts';
import { dateValueOf, fillDate } from './support/date-field.ts';

// The company's zone (the default settings' Europe/Lisbon, UTC in January, 24-hour times).
const browser = useBrowser({ timezoneId: 'Europe/Lisbon' });

// The product's data is shared by every file: this file's company and its Admin keep the figures to its own rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Reports-pass-1!';
const FROM = '2026-01-12';
const TO = '2026-01-13';
const rosa = {
  firstName: 'Rosa',
  lastName: `Informe${suffix}`,
  email: `rosa.${suffix}@example.com`,
  nationalId: `REP-rosa-${suffix}`,
  gender: 'FEMALE',
  birthday: '1990-03-15',
};
const raul = {
  firstName: 'Raul',
  lastName: `Informe${suffix}`,
  email: `raul.${suffix}@example.com`,
  nationalId: `REP-raul-${suffix}`,
  gender: 'MALE',
  birthday: '1985-05-20',
};
const rosaName = `${rosa.firstName} ${rosa.lastName}`;
const raulName = `${raul.firstName} ${raul.lastName}`;
const admin = { name: `Ines Admin ${suffix}`, email: `ines.${suffix}@example.com` };
let leaveId = '';
let raulId = '';

interface Totals {
  daysWorked: number;
  absences: number;
  workedHours: number;
  overtimeHours: number;
}

async function hire(api: ApiClient, workplace: Workplace, person: typeof rosa): Promise<string> {
  const { id } = await api.call<{ id: string }>('POST', 'employees', { ...person, employmentType: 'regular', ...workplace });
  await eventually(`scheduling knowing ${person.firstName}`, () =>
    api.call('POST', 'schedules', {
      employeeId: id,
      startTime: '09:00:00.000Z',
      offTime: '17:00:00.000Z',
      totalHours: 8,
      restDays: ['saturday', 'sunday'],
      fromDate: '2026-01-01',
    }),
  );
  return id;
}

async function day(api: ApiClient, employeeId: string, workDate: string, timeIn: string, timeOut: string): Promise<void> {
  await eventually('attendance knowing the employee', () =>
    api.call('POST', 'attendance', {
      employeeId,
      workDate,
      timeIn: `${workDate}T${timeIn}:00Z`,
      timeOut: `${workDate}T${timeOut}:00Z`,
      reason: 'Set up by the reports test',
    }),
  );
}

/**
 * Rosa and Raul, Monday to Friday 09:00–17:00. Monday 12 January: Rosa 09:10–17:30 (10 min late, 30 min over),
 * Raul 09:00–17:00. Tuesday 13: Raul 09:00–13:00 (4 h early), Rosa absent. Rosa has a pending leave request.
 */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, `reports ${suffix}`);
  const rosaId = await hire(api, workplace, rosa);
  raulId = await hire(api, workplace, raul);
  await day(api, rosaId, FROM, '09:10', '17:30');
  await day(api, raulId, FROM, '09:00', '17:00');
  await day(api, raulId, TO, '09:00', '13:00');
  const employeeRole = await api.roleNamed('Employee');
  await createEmployeeUser(api, workplace, { name: rosaName, email: rosa.email, roleId: employeeRole.id, password: PASSWORD, employeeId: rosaId });
  const adminRole = await api.roleNamed('Admin');
  await eventually('identity knowing the company', () =>
    api.createUser({ ...admin, accountType: 'Admin', roleId: adminRole.id, password: PASSWORD, companyId: workplace.companyId }),
  );
  const asRosa = await ApiClient.signIn(browser.baseUrl, rosa.email, PASSWORD);
  const [leaveType] = (await asRosa.call<{ items: Array<{ id: string }> }>('GET', 'me/leave-types')).items;
  const leave = await eventually('leave knowing Rosa', () =>
    asRosa.call<{ id: string }>('POST', 'me/leaves', {
      leaveTypeId: leaveType?.id,
      from: '2031-03-03',
      to: '2031-03-04',
      returnDate: '2031-03-05',
      reason: 'Set up by the reports test',
    }),
  );
  leaveId = leave.id;
  // Reporting builds its read models from the other services' events, a moment later.
  const asAdmin = await ApiClient.signIn(browser.baseUrl, admin.email, PASSWORD);
  await eventually(
    'reporting counting the period',
    async () => {
      const report = await asAdmin.call<{ totals: Totals }>('GET', `reports/consolidated-overtime?from=${FROM}&to=${TO}`);
      if (report.totals.daysWorked !== 3 || report.totals.absences !== 1) throw new Error(`not yet: ${JSON.stringify(report.totals)}`);
      const dashboard = await asAdmin.call<{ pendingLeaves: unknown[] }>('GET', 'dashboard/admin');
      if (dashboard.pendingLeaves.length !== 1) throw new Error('the leave request not yet');
    },
    { tries: 60 },
  );
}, 120_000);

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** Opens a report with the period set in its filters, and waits for its table. */
async function openReport(page: Page, name: string, period = true): Promise<void> {
  await page.goto(period ? `/reports/${name}?from=${FROM}&to=${TO}` : `/reports/${name}`);
  await page.getByTestId('report-table').first().or(page.getByTestId('report-companies')).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function bodyRows(page: Page, testId = 'report-table'): Promise<string[][]> {
  const rows = page.getByTestId(testId).locator('tbody tr');
  const count = await rows.count();
  const all: string[][] = [];
  // A cell's first line: the employee's cell carries the department on a second one.
  for (let index = 0; index < count; index += 1)
    all.push((await rows.nth(index).locator('td, th').allInnerTexts()).map((cell) => (cell.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim()));
  return all;
}

async function totalsRow(page: Page, testId = 'report-table'): Promise<string[]> {
  return (await page.getByTestId(`${testId}-totals`).locator('td, th').allTextContents()).map((cell) => cell.replace(/\s+/g, ' ').trim());
}

describe.sequential('the dashboards and reports of a company, in English and Spanish', () => {
  it('shows the company Admin their dashboard: counts, the pending request with its link, the 30 days', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/dashboard');
    await page.getByTestId('count-active').waitFor();
    expect(await text(page, 'count-active')).toBe('2');
    expect(await text(page, 'count-archived')).toBe('0');
    const review = page.getByRole('link', { name: `Review the leave request of ${rosaName}` });
    expect(await review.getAttribute('href')).toBe(`/leave-edit/${leaveId}`);
    expect(await page.getByTestId('attendance-bars').locator('li').count()).toBe(30);
    expect(await page.getByTestId('per-company').textContent()).toContain(`Works reports ${suffix}`);
    expect(await settledAxeViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByTestId('count-active').waitFor();
    expect(await page.getByRole('heading', { name: 'Permisos por decidir' }).count()).toBe(1);
    expect(await text(page, 'count-active')).toBe('2');
  });

  it('shows a punch on the admin dashboard within 5 s, without a reload', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/dashboard');
    await page.getByTestId('presence-working-count').waitFor();
    expect(await text(page, 'presence-working-count')).toBe('0');
    const now = new Date();
    // Today in the company's zone (the workplace's default, Lisbon), clocked in a second ago.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(now);
    const api = ApiClient.admin(browser.baseUrl);
    // Whatever weekday the suite runs on: from today Raul works every day (his Monday–Friday schedule ends).
    await api.call('POST', 'schedules', {
      employeeId: raulId,
      startTime: '09:00:00.000Z',
      offTime: '17:00:00.000Z',
      totalHours: 8,
      restDays: [],
      fromDate: today,
    });
    await eventually('attendance knowing the schedule', () =>
      api.call('POST', 'attendance', {
        employeeId: raulId,
        workDate: today,
        timeIn: new Date(now.getTime() - 1_000).toISOString(),
        reason: 'Set up by the live dashboard test',
      }),
    );
    await expect.poll(() => text(page, 'presence-working-count'), { timeout: 5_000, interval: 100 }).toBe('1');
    expect(await page.getByTestId('presence-working').textContent()).toContain(raulName);
  });

  it('shows Rosa her day, schedule, hours and leave on the personal dashboard', async () => {
    const { page } = browser;
    await signInFast(browser, rosa.email, PASSWORD);
    await page.goto('/personal/dashboard');
    await page.getByTestId('my-shift').waitFor();
    expect(await text(page, 'my-shift')).toBe('09:00 – 17:00 (8 h)');
    expect(await text(page, 'my-rest-days')).toBe('Saturday, Sunday');
    expect(await page.getByTestId('my-leaves').textContent()).toContain('Pending');
    await page.getByTestId('my-week').waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.reload();
    await page.getByTestId('my-shift').waitFor();
    expect(await text(page, 'my-rest-days')).toBe('sábado, domingo');
    expect(await page.getByTestId('my-leaves').textContent()).toContain('Pendiente');
  });

  it('lists the nine reports and shows each with the company’s figures', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/reports');
    await page.getByTestId('report-cards').waitFor();
    expect(await page.getByTestId('report-cards').getByRole('link').count()).toBe(9);
    expect(await settledAxeViolations(page)).toEqual([]);

    // 1. Per employee and day: four days, one of them Rosa's absence; the totals are the period's.
    await openReport(page, 'attendance-overtime');
    expect(await dateValueOf(page.getByTestId('report-from'))).toBe(FROM);
    const days = await bodyRows(page);
    expect(days).toHaveLength(4);
    const rosaMonday = days.find((row) => row[0] === rosaName && row[2] === 'Present');
    expect(rosaMonday?.slice(3)).toEqual(['09:10 – 17:30', '8.00', '8.33', '0', '10', '0', '0.50']);
    expect(days.find((row) => row[0] === rosaName && row[2] !== 'Present')?.[2]).toBe('Absent');
    expect(await text(page, 'total-daysWorked')).toBe('3');
    expect(await text(page, 'total-absences')).toBe('1');
    expect(await totalsRow(page)).toEqual(['Totals', '', '', '', '32.00', '20.33', '0', '10', '240', '0.50']);
    await page.getByTestId('report-chart').locator('canvas[role="img"]').waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);

    // 2. Per employee over the period.
    await openReport(page, 'consolidated-overtime');
    const people = await bodyRows(page);
    expect(people.map((row) => row[0]).sort()).toEqual([raulName, rosaName].sort());
    expect((await totalsRow(page)).slice(1)).toEqual(['3', '1', '0', '1', '1', '32.00', '20.33', '10', '0.50']);

    // 3. Planned days against days present.
    await openReport(page, 'employee-attendance');
    expect((await totalsRow(page)).slice(1, 4)).toEqual(['4', '3', '1']);

    // 4. Birthdays by month: March and May.
    await openReport(page, 'employee-birthdays', false);
    const months = await bodyRows(page, 'report-month-table');
    expect(months[2]).toEqual(['March', '1']);
    expect(months[4]).toEqual(['May', '1']);
    expect(await bodyRows(page)).toHaveLength(2);

    // 5. Leave: Rosa's pending request of two working days in March 2031.
    await page.goto('/reports/employee-leaves?from=2031-03-01&to=2031-03-31');
    await page.getByTestId('report-table').waitFor();
    const leaves = await bodyRows(page);
    expect(leaves).toHaveLength(1);
    expect([leaves[0]?.[0], leaves[0]?.[2], leaves[0]?.[3], leaves[0]?.[4]]).toEqual([rosaName, 'Pending', '1', '2']);

    // 6. The employee list, every field.
    await openReport(page, 'employee-list', false);
    const listed = await bodyRows(page);
    expect(listed.map((row) => row[1]).sort()).toEqual([raul.nationalId, rosa.nationalId].sort());

    // 7. Schedules in force on the Monday.
    await page.goto(`/reports/employee-schedule`);
    await fillDate(page.getByTestId('report-date'), FROM);
    await page
      .getByTestId('report-period')
      .filter({ hasText: '12/01/2026' })
      .or(page.getByTestId('report-period').filter({ hasText: '2026' }))
      .first()
      .waitFor();
    const shifts = await bodyRows(page);
    expect(shifts.map((row) => row[1])).toEqual(['09:00 – 17:00', '09:00 – 17:00']);

    // 8. The organisation's profile: two active people, one woman and one man, in their thirties and forties.
    await openReport(page, 'organization-profile', false);
    expect((await bodyRows(page, 'report-companies'))[0]?.slice(3)).toEqual(['2', '0']);
    expect((await bodyRows(page, 'report-gender')).sort()).toEqual([
      ['Female', '1'],
      ['Male', '1'],
    ]);
    const bands = await bodyRows(page, 'report-ageBands');
    expect(bands.find((row) => row[0] === '30–39')?.[1]).toBe('1');
    expect(bands.find((row) => row[0] === '40–49')?.[1]).toBe('1');
    await page.getByTestId('chart-gender').locator('canvas[role="img"]').waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);

    // 9. The accounts of the company: Rosa's and the Admin's.
    await openReport(page, 'user-accounts', false);
    expect((await bodyRows(page)).map((row) => row[1]).sort()).toEqual([admin.email, rosa.email].sort());
  });

  it('shows the same figures in Spanish', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/reports');
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await openReport(page, 'attendance-overtime');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Informe de asistencia y horas extra');
    expect(await totalsRow(page)).toEqual(['Totales', '', '', '', '32.00', '20.33', '0', '10', '240', '0.50']);
    expect((await bodyRows(page)).some((row) => row[0] === rosaName && row[2] === 'Ausente')).toBe(true);
    await openReport(page, 'consolidated-overtime');
    expect((await totalsRow(page)).slice(0, 3)).toEqual(['Totales', '3', '1']);
    await openReport(page, 'employee-birthdays', false);
    expect((await bodyRows(page, 'report-month-table'))[2]).toEqual(['marzo', '1']);
    await openReport(page, 'organization-profile', false);
    expect((await bodyRows(page, 'report-gender')).sort()).toEqual([
      ['Femenino', '1'],
      ['Masculino', '1'],
    ]);
    await openReport(page, 'user-accounts', false);
    expect(await page.getByTestId('report-table').textContent()).toContain('Empleado');
  });

  it('prints a report without navigation, filters or buttons', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await openReport(page, 'consolidated-overtime');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('report-filters').isVisible()).toBe(false);
    expect(await page.getByTestId('print-report').isVisible()).toBe(false);
    expect(await page.getByTestId('header').isVisible()).toBe(false);
    expect(await page.getByTestId('report-table').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  // Each report's export runs on the reporting service as a job, then downloads; the workbook holds the page's rows.
  const period = { from: FROM, to: TO };
  const exported: Array<[report: string, query: Record<string, string>, expected: string]> = [
    ['attendance-overtime', period, rosaName],
    ['consolidated-overtime', period, raulName],
    ['employee-attendance', period, rosaName],
    ['employee-birthdays', {}, rosaName],
    ['employee-leaves', { from: '2031-03-01', to: '2031-03-31' }, rosaName],
    ['employee-list', {}, rosa.nationalId],
    ['employee-schedule', {}, raulName],
    ['organization-profile', {}, `reports ${suffix}`],
    ['user-accounts', {}, admin.email],
  ];
  it.each(exported)('exports the %s report with its filters and opens the downloaded workbook', async (report, query, expected) => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto(`/reports/${report}?${new URLSearchParams(query).toString()}`);
    await page.getByTestId('report-table').first().or(page.getByTestId('report-companies')).first().waitFor();
    // The request passes through unchanged; only its body is noted (a routed request exposes it).
    const sent: unknown[] = [];
    await page.route('**/api/report-exports', async (route) => {
      sent.push(route.request().postDataJSON());
      await route.continue();
    });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('export-report').click()]);
    expect(sent).toEqual([{ report, query, language: 'en' }]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${report}.*\\.xlsx$`));
    const sheets = await readWorkbook(await readFile(await download.path()));
    const cells = sheets.flatMap((sheet) => sheet.rows.flat().map(String));
    expect(cells.some((cell) => cell.includes(expected))).toBe(true);
    // Another company's people never reach this Admin's workbook.
    expect(cells.some((cell) => cell.includes('Accesible'))).toBe(false);
  });

  it('links the attendance list to reports 1 and 2 with its range', async () => {
    const { page } = browser;
    await signInFast(browser, admin.email, PASSWORD);
    await page.goto('/attendance');
    await fillDate(page.getByTestId('attendance-from'), FROM);
    await fillDate(page.getByTestId('attendance-to'), TO);
    expect(await page.getByTestId('link-consolidated-overtime').getAttribute('href')).toBe(`/reports/consolidated-overtime?from=${FROM}&to=${TO}`);
    await page.getByTestId('link-attendance-overtime').click();
    await page.getByTestId('report-table').waitFor();
    expect(await dateValueOf(page.getByTestId('report-to'))).toBe(TO);
  });
});
