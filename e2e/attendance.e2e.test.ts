import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Attendance, SignedInUser, User } from '../packages/contracts/src/index.ts';
import { readWorkbook } from '@ams/spreadsheet/testing';
import { ApiClient } from './support/api.ts';
import { cellsOf, pathOf, signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { ADMIN_EMAIL } from './support/product.ts';
import { createEmployeeUser, createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee } from './support/workplace.ts';
import { fillDate } from './support/date-field.ts';

// The company's zone (the default settings' Europe/Lisbon): the times typed in and shown are its wall-clock times.
const browser = useBrowser({ timezoneId: 'Europe/Lisbon' });

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Attendance-pass-1!';
const person = (firstName: string, lastName: string, tag: string): NewEmployee => ({
  firstName,
  lastName: `${lastName}${suffix}`,
  email: `${tag}.${suffix}@example.com`,
  nationalId: `ATT-${tag}-${suffix}`,
});
/** Has days recorded by the admin in the browser, and one set up through the API; signs in to see them. */
const ana = person('Ana', 'Asistencia', 'ana');
/** Another employee of the same company, with a day on the same date as Ana's. */
const bea = person('Bea', 'Ajena', 'bea');
/** Signs in and has no day at all. */
const clara = person('Clara', 'Nueva', 'clara');
const fullName = (employee: NewEmployee) => `${employee.firstName} ${employee.lastName}`;
/** An Admin of the company who may read attendance but not users. */
const attendanceReader = { name: `Attendance Reader ${suffix}`, email: `attendance.reader.${suffix}@example.com` };
/** An Admin of the company who records one of Ana's days, then is deleted. */
const formerAdmin = { name: `Former Admin ${suffix}`, email: `former.admin.${suffix}@example.com` };

let anaId: string;
let beaDay: Attendance;
let adminId: string;
/** The shared SuperAdmin's name, as the users page lists it. */
let adminName: string;
let formerAdminId: string;

async function recordDay(api: ApiClient, employeeId: string, workDate: string, timeIn: string, timeOut: string): Promise<Attendance> {
  return api.call<Attendance>('POST', 'attendance', {
    employeeId,
    workDate,
    timeIn: `${workDate}T${timeIn}Z`,
    timeOut: `${workDate}T${timeOut}Z`,
    reason: 'Set up by the e2e test',
  });
}

/** Whether attendance knows the employee yet: times out of order are refused (400) only once it does (404 before). */
async function attendanceKnows(api: ApiClient, employeeId: string): Promise<void> {
  const response = await fetch(`${browser.baseUrl}/api/attendance`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ employeeId, workDate: '2026-01-05', timeIn: '2026-01-05T10:00:00Z', timeOut: '2026-01-05T09:00:00Z', reason: 'probe' }),
  });
  if (response.status !== 400) throw new Error(`attendance does not know ${employeeId} yet: ${response.status} ${await response.text()}`);
}

/**
 * One company with three employees on a 09:00–17:00 shift; Ana and Clara get Employee accounts linked to
 * their employee records; Ana and Bea each get a day on 2026-01-12 through the API.
 */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  adminId = (await api.call<SignedInUser>('GET', 'me')).id;
  const { items: admins } = await api.call<{ items: User[] }>('GET', `users?search=${encodeURIComponent(ADMIN_EMAIL)}`);
  const listed = admins.find((user) => user.email === ADMIN_EMAIL);
  if (!listed) throw new Error(`the users list has no ${ADMIN_EMAIL}`);
  adminName = listed.name;
  const workplace = await createWorkplace(api, `attendance ${suffix}`);
  const [anaEmployee, beaEmployee, claraEmployee] = [
    await createEmployee(api, workplace, ana),
    await createEmployee(api, workplace, bea),
    await createEmployee(api, workplace, clara),
  ];
  anaId = anaEmployee.id;
  for (const { id } of [anaEmployee, beaEmployee, claraEmployee]) await createSchedule(api, id, '09:00:00.000Z', '17:00:00.000Z', 8);

  // Identity learns of the employees from people's events: the link is refused until it has.
  const role = await api.roleNamed('Employee');
  for (const [employee, { id }] of [
    [ana, anaEmployee],
    [clara, claraEmployee],
  ] as const) {
    await createEmployeeUser(api, workplace, { name: fullName(employee), email: employee.email, roleId: role.id, password: PASSWORD, employeeId: id });
  }
  const readerRole = await api.createRole(`Attendance reader ${suffix}`, 'admin', { attendance: ['read'] });
  await api.createUser({ ...attendanceReader, accountType: 'Admin', roleId: readerRole.id, password: PASSWORD, companyId: workplace.companyId });
  // …and attendance, of the employees and (on the same bus, published after them) their schedules.
  for (const { id } of [anaEmployee, beaEmployee, claraEmployee]) await eventually(`attendance of ${id}`, () => attendanceKnows(api, id));
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const anaDay = await recordDay(api, anaEmployee.id, '2026-01-12', '09:00:00', '17:00:00');
  beaDay = await recordDay(api, beaEmployee.id, '2026-01-12', '10:00:00', '15:00:00');
  // A day recorded by an admin who is gone since: the history keeps the id, identity no longer knows it.
  const recorderRole = await api.createRole(`Attendance recorder ${suffix}`, 'admin', { attendance: ['read', 'create'] });
  formerAdminId = (await api.createUser({ ...formerAdmin, accountType: 'Admin', roleId: recorderRole.id, password: PASSWORD, companyId: workplace.companyId }))
    .id;
  await recordDay(await ApiClient.signIn(browser.baseUrl, formerAdmin.email, PASSWORD), anaEmployee.id, '2026-01-14', '09:00:00', '17:00:00');
  await api.call('DELETE', `users/${formerAdminId}`);
  // The shift is known: these days have a status.
  expect([anaDay, beaDay].map((day) => [day.arrivalStatus, day.departureStatus])).toEqual([
    ['on time', 'on time'],
    ['late arrival', 'early departure'],
  ]);
}, 90_000);

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

/** The "By" cell of a history row, and its tooltip (title). */
async function byOf(row: Locator): Promise<{ text: string; title: string | null }> {
  const cell = row.getByRole('cell').nth(3);
  return { text: ((await cell.textContent()) ?? '').trim(), title: await cell.locator('span[title]').first().getAttribute('title') };
}

/** The admin list's row of Ana's day on a date ('03/02/2026', the default country's order), once the list has been searched for her. */
function anaRow(page: Page, date: string): Locator {
  return page
    .getByTestId('attendance-table')
    .getByRole('row')
    .filter({ hasText: fullName(ana) })
    .filter({ hasText: date });
}

async function searchForAna(page: Page): Promise<void> {
  await page.getByTestId('attendance-search').fill(ana.lastName);
  // Her day set up through the API shows once the search has been answered.
  await anaRow(page, '12/01/2026').waitFor();
}

/** The create form filled in for Ana: the date and the four times (HH:mm), all on the work date. */
/** Signs in as the Admin and opens the attendance list searched for Ana. */
async function openAnasDaysAsAdmin(): Promise<Page> {
  await signInFast(browser);
  await browser.page.goto('/attendance');
  await searchForAna(browser.page);
  return browser.page;
}

/** Opens the history of Ana's day on `date` from the list's row; answers its dialog. */
async function openAnasHistory(page: Page, date: string): Promise<Locator> {
  await anaRow(page, date)
    .getByRole('button', { name: `History of ${fullName(ana)} on ${date}` })
    .click();
  return page.getByRole('dialog', { name: `History: ${fullName(ana)}, ${date}` });
}

/** A history row's cells for an admin's change: event, time, method, by, reason, recorded at (the times vary). */
const adminChangeCells = (event: string, by: string, reason: string) => [event, expect.any(String), 'Admin', by, reason, expect.any(String)];

async function closeHistory(history: Locator): Promise<void> {
  await history.getByRole('button', { name: 'Close' }).click();
  await history.waitFor({ state: 'hidden' });
}

async function fillAnasDay(form: Locator, day: { date: string; timeIn: string; breakIn: string; breakOut: string; timeOut: string }): Promise<void> {
  await form.getByTestId('employee-picker-search').fill(ana.lastName);
  await form.getByLabel('Employee', { exact: true }).selectOption({ label: `${fullName(ana)} · ${ana.nationalId}` });
  await fillDate(form.getByLabel('Date', { exact: true }), day.date);
  await form.getByLabel('Time in', { exact: true }).fill(day.timeIn);
  await form.getByLabel('Break in', { exact: true }).fill(day.breakIn);
  await form.getByLabel('Break out', { exact: true }).fill(day.breakOut);
  await form.getByLabel('Time out', { exact: true }).fill(day.timeOut);
}

async function toasts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allTextContents();
}

describe.sequential('attendance kept by an admin', () => {
  it('records a day the employee did not clock only with a reason, then lists it with its status and hours', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/attendance');
    await page.getByTestId('add-attendance').click();
    await page.waitForURL('**/attendance-create');
    await page.getByRole('heading', { name: 'New attendance' }).waitFor();

    const form = page.getByTestId('attendance-form');
    await fillAnasDay(form, { date: '2026-02-03', timeIn: '09:00', breakIn: '12:00', breakOut: '13:00', timeOut: '17:00' });
    await form.getByRole('button', { name: 'Record attendance' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual(['Please write the reason']);
    expect(pathOf(page)).toBe('/attendance-create');

    await form.getByLabel('Reason', { exact: true }).fill('Forgot to clock in and out');
    await form.getByRole('button', { name: 'Record attendance' }).click();
    await page.waitForURL('**/attendance');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Created successfully!'));

    await searchForAna(page);
    const row = anaRow(page, '03/02/2026');
    await row.waitFor();
    // 09:00–17:00 less the hour's break on a 09:00–17:00 shift.
    expect(await cellsOf(row)).toEqual([fullName(ana), '03/02/2026', '09:00', '17:00', '12:00 – 13:00', '7.00', 'On time', 'HistoryEditDelete']);
  });

  it('exports the searched days to an Excel workbook with the same days, times on the company clock', async () => {
    const page = await openAnasDaysAsAdmin();
    await anaRow(page, '03/02/2026').waitFor();
    // The link carries the search once the list has applied it (typing is debounced).
    const link = page.getByTestId('export-attendance');
    await expect.poll(() => link.getAttribute('href'), { timeout: 10_000 }).toContain(`search=${ana.lastName}`);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [sheet] = await readWorkbook(await readFile(await download.path()));
    const day = (date: string) => sheet?.rows.find((row) => row[0] === fullName(ana) && (row[1] as Date).toISOString().startsWith(date));
    expect(sheet?.rows[0]?.slice(0, 6)).toEqual(['Employee', 'Date', 'Time in', 'Break in', 'Break out', 'Time out']);
    expect([...new Set(sheet?.rows.slice(1).map((row) => row[0]))]).toEqual([fullName(ana)]);
    expect(day('2026-02-03')?.slice(2, 7)).toEqual([
      new Date('2026-02-03T09:00:00Z'),
      new Date('2026-02-03T12:00:00Z'),
      new Date('2026-02-03T13:00:00Z'),
      new Date('2026-02-03T17:00:00Z'),
      7,
    ]);
  });

  it('refuses a break that ends before it starts, under the break out, instead of moving it to the next day', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/attendance-create');
    const form = page.getByTestId('attendance-form');
    await fillAnasDay(form, { date: '2026-02-04', timeIn: '09:00', breakIn: '12:00', breakOut: '11:00', timeOut: '17:00' });
    await form.getByLabel('Reason', { exact: true }).fill('Paper sheet');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/attendance') sent.push(request.url());
    });
    await form.getByRole('button', { name: 'Record attendance' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual(['Break out must be after break in.']);
    expect(await form.getByLabel('Break out', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(pathOf(page)).toBe('/attendance-create');
  });

  it('corrects a day only with a reason; its history shows the correction, by whom and why', async () => {
    const page = await openAnasDaysAsAdmin();
    await page.getByRole('link', { name: `Edit ${fullName(ana)} on 03/02/2026` }).click();
    await page.waitForURL(/\/attendance-edit\//);

    const form = page.getByTestId('attendance-form');
    await form.getByText(fullName(ana), { exact: true }).waitFor();
    expect(await form.getByLabel('Time in', { exact: true }).inputValue()).toBe('09:00');
    expect(await form.getByLabel('Reason', { exact: true }).inputValue()).toBe('');
    await form.getByLabel('Time in', { exact: true }).fill('09:30');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual(['Please write the reason']);

    const reason = 'Arrived at 09:30: the badge reader was down';
    await form.getByLabel('Reason', { exact: true }).fill(reason);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/attendance');
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Updated successfully!'));

    // The list remembers the search; the day now starts half an hour late.
    const row = anaRow(page, '03/02/2026');
    await expect
      .poll(() => cellsOf(row))
      .toEqual([fullName(ana), '03/02/2026', '09:30', '17:00', '12:00 – 13:00', '6.50', 'Late arrival', 'HistoryEditDelete']);
    expect(await row.getByRole('cell').first().getAttribute('title')).toBe(`Corrected: ${reason}`);

    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/users')) userCalls.push(new URL(request.url()).pathname);
    });
    const history = await openAnasHistory(page, '03/02/2026');
    const events = history.getByTestId('history-table').getByRole('row');
    const correction = events.filter({ hasText: 'Corrected by an admin' });
    await correction.waitFor();
    // Event, time, method, by (the admin's name once identity has answered), reason, recorded at.
    await expect.poll(() => cellsOf(correction)).toEqual(adminChangeCells('Corrected by an admin', adminName, reason));
    expect(await cellsOf(events.filter({ hasText: 'Recorded by an admin' }))).toEqual(
      adminChangeCells('Recorded by an admin', adminName, 'Forgot to clock in and out'),
    );
    // The email in the tooltip; never the raw id.
    expect(await byOf(correction)).toEqual({ text: adminName, title: ADMIN_EMAIL });
    expect(await history.textContent()).not.toContain(adminId);
    // Both events are the same admin's: read once.
    expect(userCalls).toEqual([`/api/users/${adminId}`]);
    await closeHistory(history);
  });

  it('names an admin who no longer exists neutrally, with the id only in the tooltip', async () => {
    const page = await openAnasDaysAsAdmin();
    const gone = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/users/${formerAdminId}`);
    const history = await openAnasHistory(page, '14/01/2026');
    expect((await gone).status()).toBe(404);
    const recorded = history.getByTestId('history-table').getByRole('row').filter({ hasText: 'Recorded by an admin' });
    await expect.poll(() => byOf(recorded)).toEqual({ text: 'An administrator', title: `User ID: ${formerAdminId}` });
    expect(await cellsOf(recorded)).toEqual(adminChangeCells('Recorded by an admin', 'An administrator', 'Set up by the e2e test'));
    await closeHistory(history);
  });

  it('deletes a day only with a reason and after confirming; the list then no longer shows it', async () => {
    const page = await openAnasDaysAsAdmin();
    const row = anaRow(page, '03/02/2026');
    const deleteButton = page.getByRole('button', { name: `Delete ${fullName(ana)} on 03/02/2026` });
    const dialog = page.getByRole('dialog', { name: `Delete the attendance of ${fullName(ana)} on 03/02/2026?` });

    await deleteButton.click();
    expect(await dialog.textContent()).toContain('This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.getByRole('alert').allTextContents()).toEqual(['Please write the reason']);
    // Cancelled: nothing is deleted.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);

    await deleteButton.click();
    // The cancelled attempt's error is gone.
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByLabel('Reason').fill('Recorded on the wrong day');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('Deleted successfully!'));
    await expect.poll(() => row.count()).toBe(0);

    // Gone on the server too, not only from this page's cache.
    await page.reload();
    await searchForAna(page);
    expect(await row.count()).toBe(0);
  });
});

describe('attendance seen by an admin who may not read users', () => {
  it("names no one in a day's history: a neutral label, the id only in the tooltip, and no user is read", async () => {
    const { page } = browser;
    await signInFast(browser, attendanceReader.email, PASSWORD);
    const userCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/users')) userCalls.push(request.url());
    });
    await page.goto('/attendance');
    await searchForAna(page);
    const row = anaRow(page, '12/01/2026');
    // Reading only: no edit or delete.
    expect(await cellsOf(row)).toEqual([fullName(ana), '12/01/2026', '09:00', '17:00', '', '8.00', 'On time', 'History']);
    const history = await openAnasHistory(page, '12/01/2026');
    const recorded = history.getByTestId('history-table').getByRole('row').filter({ hasText: 'Recorded by an admin' });
    await recorded.waitFor();
    expect(await cellsOf(recorded)).toEqual(adminChangeCells('Recorded by an admin', 'An administrator', 'Set up by the e2e test'));
    expect(await byOf(recorded)).toEqual({ text: 'An administrator', title: `User ID: ${adminId}` });
    expect(userCalls).toEqual([]);
    await closeHistory(history);
  });
});

describe.sequential('attendance seen by an employee', () => {
  it("shows a signed-in employee their own days, not another employee's day on the same date", async () => {
    const { page } = browser;
    await signInFast(browser, ana.email, PASSWORD);
    await page.goto('/personal/attendance');
    await page.getByRole('heading', { name: 'My Attendance' }).waitFor();
    await fillDate(page.getByTestId('attendance-from'), '2026-01-12');
    await fillDate(page.getByTestId('attendance-to'), '2026-01-12');
    const rows = page.getByTestId('my-attendance-table').locator('tbody').getByRole('row');
    // Hers (09:00–17:00, on time), not Bea's (10:00–15:00, early departure).
    await expect.poll(async () => Promise.all((await rows.all()).map(cellsOf))).toEqual([['12/01/2026', '09:00', '', '', '17:00', '8.00', 'On time']]);
    await page.getByText('1 day', { exact: true }).waitFor();
  });

  it('shows "No attendance found!" to an employee with no day', async () => {
    const { page } = browser;
    await signInFast(browser, clara.email, PASSWORD);
    await page.goto('/personal/attendance');
    await page.getByText('No attendance found!', { exact: true }).waitFor();
    expect(await page.getByTestId('my-attendance-table').count()).toBe(0);
    await page.getByText('0 days', { exact: true }).waitFor();
  });

  it("keeps an employee out of the admin attendance pages and another employee's day", async () => {
    const { page, baseUrl } = browser;
    await signInFast(browser, ana.email, PASSWORD);
    await page.goto('/attendance');
    await page.waitForURL('**/access-denied');
    await page.getByText('Access Denied!').first().waitFor();

    // The page itself cannot read the token (HttpOnly cookie): the test takes it from the browser's cookie jar.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value ?? '';
    const get = (path: string) => fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    // The day routes are the admin area's: the gateway refuses an Employee account before attendance sees the call.
    expect((await get(`attendance/${beaDay.id}`)).status).toBe(403);
    expect((await get(`attendance/${beaDay.id}/history`)).status).toBe(403);
    expect((await get(`attendance?employeeId=${beaDay.employeeId}`)).status).toBe(403);
    // Their own list holds only their days.
    const mine = await get('me/attendance');
    expect(mine.status).toBe(200);
    const { items } = (await mine.json()) as { items: Attendance[] };
    expect(items.map((day) => day.workDate)).toContain('2026-01-12');
    expect(new Set(items.map((day) => day.employeeId))).toEqual(new Set([anaId]));
  });
});
