import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { settledAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployeeUser, createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee, type Workplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Focus-return-pass-1!';
const person = (firstName: string, lastName: string): NewEmployee => ({
  firstName,
  lastName: `${lastName}${suffix}`,
  email: `${firstName.toLowerCase()}.focus.${suffix}@example.com`,
  nationalId: `FOC-${firstName}-${suffix}`,
});
const fullName = (employee: NewEmployee) => `${employee.firstName} ${employee.lastName}`;
/** Archived from the list (then brought back by the toast's Undo). */
const archivee = person('Arnau', 'Archivo');
/** Archived through the API: restored from the archived list. */
const restoree = person('Rita', 'Restaura');
/** Has a day of attendance to delete, and leave to withdraw as herself. */
const dora = person('Dora', 'Dia');
const doomedCompany = `Doomed works ${suffix}`;
const doomedRole = `Doomed role ${suffix}`;
/** A Wednesday far ahead, one working day, pending. */
const leaveDay = '2031-06-11';

let workplace: Workplace;

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, `focus ${suffix}`);
  await api.call('POST', 'companies', { name: doomedCompany });
  await api.createRole(doomedRole, 'employee', {});
  await createEmployee(api, workplace, archivee);
  const restoreeId = (await createEmployee(api, workplace, restoree)).id;
  await api.call('POST', `employees/${restoreeId}/archive`);
  const doraId = (await createEmployee(api, workplace, dora)).id;
  await createSchedule(api, doraId, '09:00:00.000Z', '17:00:00.000Z', 8);
  // Attendance learns of Dora from people's events: the day is refused until it has.
  await eventually('attendance knowing Dora', () =>
    api.call('POST', 'attendance', {
      employeeId: doraId,
      workDate: '2026-01-14',
      timeIn: '2026-01-14T09:00:00Z',
      timeOut: '2026-01-14T17:00:00Z',
      reason: 'Set up by the focus test',
    }),
  );
  const role = await api.roleNamed('Employee');
  await createEmployeeUser(api, workplace, { name: fullName(dora), email: dora.email, roleId: role.id, password: PASSWORD, employeeId: doraId });
  const asDora = await ApiClient.signIn(browser.baseUrl, dora.email, PASSWORD);
  const { items: types } = await api.call<{ items: Array<{ id: string }> }>('GET', `leave-types?companyId=${workplace.companyId}`);
  // Leave learns of her schedule from events too.
  await eventually('leave knowing Dora', () =>
    asDora.call('POST', 'me/leaves', { leaveTypeId: types[0]?.id, from: leaveDay, to: leaveDay, returnDate: '2031-06-12', reason: 'Set up by the focus test' }),
  );
}, 120_000);

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

/** Focus moves as the page settles (a list refetched on a busy machine): waited for, not timed. */
const FOCUS_SETTLES = { timeout: 15_000 };

/** What has focus: the page's heading, the given control, or something else (named for the failure message). */
async function focusOn(page: Page, control?: Locator): Promise<string> {
  const isControl = control ? await control.evaluate((element) => element === document.activeElement).catch(() => false) : false;
  if (isControl) return 'the control';
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (focused !== null && focused === document.querySelector('main h1')) return 'the heading';
    return focused === null ? 'nothing' : `${focused.tagName} ${focused.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

/** Signs in (as the Admin unless told whom) and opens `path`. */
async function openSignedIn(path: string, email?: string, password?: string): Promise<Page> {
  await signInFast(browser, email, password);
  await browser.page.goto(path);
  return browser.page;
}

/** Waits until the acted-on `gone` has left the page: focus must then settle on the page's heading. */
async function expectHeadingFocusOnceGone(page: Page, gone: Locator): Promise<void> {
  await gone.waitFor({ state: 'detached' });
  await expect.poll(() => focusOn(page), FOCUS_SETTLES).toBe('the heading');
}

async function confirmIn(page: Page, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.sequential('focus after an action goes back to where the user was (WCAG 2.4.3)', () => {
  it('puts focus on the list’s heading after a company is deleted and its row is gone', async () => {
    const page = await openSignedIn('/company');
    await page.getByLabel('Search', { exact: true }).fill(doomedCompany);
    const row = page.getByTestId('records-table').getByRole('row', { name: new RegExp(doomedCompany) });
    await row.getByRole('button', { name: `Delete ${doomedCompany}` }).click();
    await confirmIn(page, 'Delete');
    await expectHeadingFocusOnceGone(page, row);
  });

  it('puts focus on the page’s heading after a role is deleted', async () => {
    const page = await openSignedIn('/users');
    await page.getByTestId('tab-roles').click();
    const row = page.getByTestId('roles-table').getByRole('row', { name: new RegExp(doomedRole) });
    await row.getByRole('button', { name: `Delete ${doomedRole}` }).click();
    await confirmIn(page, 'Delete');
    await expectHeadingFocusOnceGone(page, row);
  });

  it('puts focus on the list’s heading after a day of attendance is deleted with its reason', async () => {
    const page = await openSignedIn('/attendance');
    await page.getByTestId('attendance-search').fill(dora.lastName);
    const deleteButton = page.getByRole('button', { name: `Delete ${fullName(dora)} on 14/01/2026` });
    await deleteButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason', { exact: true }).fill('Recorded twice');
    await confirmIn(page, 'Delete');
    await expectHeadingFocusOnceGone(page, deleteButton);
  });

  it('puts focus on the list’s heading after an employee withdraws a leave request', async () => {
    const page = await openSignedIn('/personal/leave', dora.email, PASSWORD);
    const withdraw = page.getByRole('button', { name: /^Withdraw the/ });
    await withdraw.click();
    await confirmIn(page, 'Withdraw');
    await expectHeadingFocusOnceGone(page, withdraw);
  });

  it('asks before archiving an employee, says the user account stays as it is, puts focus on the heading, and undoes from the toast', async () => {
    const page = await openSignedIn('/employees');
    await page.getByTestId('employee-search').fill(archivee.lastName);
    const archive = page.getByRole('button', { name: `Archive ${fullName(archivee)}` });
    await archive.click();
    const dialog = page.getByRole('dialog', { name: `Archive ${fullName(archivee)}?` });
    await dialog.getByText('Their user account, if they have one, stays as it is').waitFor();
    // Reversible: not the deletes' 'This action cannot be undone.'
    expect(await dialog.getByText('This action cannot be undone.').count()).toBe(0);
    expect(await settledAxeViolations(page)).toEqual([]);
    await confirmIn(page, 'Archive');
    await expectHeadingFocusOnceGone(page, archive);

    const toast = page.getByTestId('toast').filter({ hasText: `${fullName(archivee)} archived.` });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await archive.waitFor();
    await page
      .getByTestId('toast')
      .filter({ hasText: `${fullName(archivee)} restored.` })
      .waitFor();
  });

  it('keeps focus on the button after archiving is cancelled', async () => {
    const page = await openSignedIn('/employees');
    await page.getByTestId('employee-search').fill(archivee.lastName);
    const archive = page.getByRole('button', { name: `Archive ${fullName(archivee)}` });
    await archive.click();
    await confirmIn(page, 'Cancel');
    await expect.poll(() => focusOn(page, archive), FOCUS_SETTLES).toBe('the control');
  });

  it('puts focus on the list’s heading after an archived employee is restored and leaves the archived list', async () => {
    const page = await openSignedIn('/employees');
    await page.getByTestId('status-archived').click();
    await page.getByTestId('employee-search').fill(restoree.lastName);
    const restore = page.getByRole('button', { name: `Restore ${fullName(restoree)}` });
    await restore.click();
    await expectHeadingFocusOnceGone(page, restore);
  });

  it('gives focus back to the user menu’s button when the feedback dialog is closed with Escape or Cancel', async () => {
    const page = await openSignedIn('/employees');
    const menu = page.getByTestId('user-menu');
    const dialog = page.getByTestId('feedback-dialog');
    for (const close of [() => page.keyboard.press('Escape'), () => dialog.getByRole('button', { name: 'Cancel', exact: true }).click()]) {
      await menu.click();
      await page.getByTestId('send-feedback').click();
      await dialog.getByLabel('Category').waitFor();
      await close();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusOn(page, menu), FOCUS_SETTLES).toBe('the control');
    }
  });
});
