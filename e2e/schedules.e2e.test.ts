import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { settledAxeViolations } from './support/axe.ts';
import { cellsOf, signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployeeUser, createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee } from './support/workplace.ts';

// The company's zone (the default settings' Europe/Lisbon, 24-hour times).
const browser = useBrowser({ timezoneId: 'Europe/Lisbon' });

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Schedules-pass-1!';
const nina: NewEmployee = { firstName: 'Nina', lastName: `Noche${suffix}`, email: `nina.${suffix}@example.com`, nationalId: `SCH-nina-${suffix}` };
const fullName = `${nina.firstName} ${nina.lastName}`;

/** One company with Nina, who has no schedule yet and an Employee account linked to her record. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, `schedules ${suffix}`);
  const { id } = await createEmployee(api, workplace, nina);
  // A colleague on a short morning shift, for the list's order.
  const omar = await createEmployee(api, workplace, {
    firstName: 'Omar',
    lastName: `Noche${suffix}`,
    email: `omar.${suffix}@example.com`,
    nationalId: `SCH-omar-${suffix}`,
  });
  await eventually('scheduling knowing Omar', () => createSchedule(api, omar.id, '06:00:00.000Z', '10:00:00.000Z', 4));
  const role = await api.roleNamed('Employee');
  // Identity learns of the employee from people's events: the link is refused until it has.
  await createEmployeeUser(api, workplace, { name: fullName, email: nina.email, roleId: role.id, password: PASSWORD, employeeId: id });
}, 90_000);

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

function ninaRow(page: Page): Locator {
  return page.getByTestId('schedule-table').getByRole('row').filter({ hasText: fullName });
}

async function openList(page: Page, status: '' | 'current'): Promise<void> {
  await page.goto('/schedule');
  await page.getByTestId('schedule-status').selectOption(status);
  await page.getByTestId('schedule-search').fill(nina.lastName);
}

describe.sequential('schedules kept by an admin and seen by the employee', () => {
  it('assigns an overnight shift with rest days through the form and lists it in the time format', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/schedule');
    await page.getByTestId('schedule-table').or(page.getByText('No schedule found!')).first().waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);
    await page.getByTestId('add-schedule').click();
    await page.waitForURL('**/schedule-create');

    const form = page.getByTestId('schedule-form');
    await form.getByTestId('employee-picker-search').fill(nina.lastName);
    await form.getByLabel('Employee', { exact: true }).selectOption({ label: `${fullName} · ${nina.nationalId}` });
    await form.getByLabel('Start time', { exact: true }).fill('22:00');
    await form.getByLabel('Off time', { exact: true }).fill('06:00');
    // The hours follow the times; the shift is shown as overnight while editing.
    expect(await form.getByLabel('Total hours', { exact: true }).inputValue()).toBe('8');
    await form.getByTestId('overnight-badge').waitFor();
    // Saturday and Sunday are pressed for a new schedule: rest on Friday and Saturday instead.
    await form.getByRole('button', { name: 'Sun', exact: true }).click();
    await form.getByRole('button', { name: 'Fri', exact: true }).click();
    expect(await form.getByRole('button', { name: 'Fri', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await form.getByRole('button', { name: 'Sun', exact: true }).getAttribute('aria-pressed')).toBe('false');
    expect(await settledAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Assign schedule' }).click();
    await page.waitForURL('**/schedule');

    await page.getByTestId('schedule-search').fill(nina.lastName);
    const row = ninaRow(page);
    await expect
      .poll(() => cellsOf(row))
      .toEqual([fullName, '22:00 – 06:00 Overnight', '8 h', 'Fri, Sat', expect.stringMatching(/ – Open$/), 'Current', 'EditEnd schedule']);
  });

  it('corrects the paid hours on the edit form', async () => {
    const { page } = browser;
    await signInFast(browser);
    await openList(page, 'current');
    await page.getByRole('link', { name: `Edit the schedule of ${fullName}` }).click();
    await page.waitForURL(/\/schedule-edit\//);
    const form = page.getByTestId('schedule-form');
    await form.getByText(fullName, { exact: true }).waitFor();
    expect(await form.getByLabel('Start time', { exact: true }).inputValue()).toBe('22:00');
    expect(await settledAxeViolations(page)).toEqual([]);
    await form.getByLabel('Total hours', { exact: true }).fill('7.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/schedule');
    await expect.poll(() => cellsOf(ninaRow(page))).toContain('7.5 h');
  });

  it('shows the employee their schedule and the next 7 days, rest days included', async () => {
    const { page } = browser;
    await signInFast(browser, nina.email, PASSWORD);
    await page.goto('/personal/schedule');
    const days = page.getByTestId('next-days').getByRole('listitem');
    await expect.poll(() => days.count(), { timeout: 15_000 }).toBe(7);
    const texts = (await days.allTextContents()).map((text) => text.replace(/\s+/g, ' '));
    // Any 7 days hold one Friday and one Saturday, and five working nights.
    expect(texts.filter((text) => text.includes('Rest day'))).toHaveLength(2);
    expect(texts.filter((text) => text.includes('22:00 – 06:00'))).toHaveLength(5);
    await page.getByTestId('my-schedules').getByRole('row').filter({ hasText: '7.5 h' }).waitFor();
    expect(await settledAxeViolations(page)).toEqual([]);
  });

  it('sorts the list by a column header, saying the order to assistive technology', async () => {
    const { page } = browser;
    await signInFast(browser);
    await openList(page, '');
    const table = page.getByTestId('schedule-table');
    const names = () =>
      table
        .getByRole('row')
        .filter({ hasText: `Noche${suffix}` })
        .locator('td:first-child')
        .allTextContents();
    // The search is debounced: until it applies, the first page may show other files' rows.
    await expect.poll(names, { timeout: 10_000 }).toEqual([fullName, `Omar Noche${suffix}`]);
    const hours = table.getByRole('columnheader', { name: /Total hours/ });
    await hours.getByRole('button').click();
    await expect.poll(() => hours.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(names, { timeout: 10_000 }).toEqual([`Omar Noche${suffix}`, fullName]);
    await hours.getByRole('button').click();
    await expect.poll(() => hours.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(names, { timeout: 10_000 }).toEqual([fullName, `Omar Noche${suffix}`]);
  });

  it('ends the current schedule only after confirming', async () => {
    const { page } = browser;
    await signInFast(browser);
    await openList(page, '');
    await page.getByRole('button', { name: `End schedule of ${fullName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => cellsOf(ninaRow(page))).toContain('Current');
    await page.getByRole('button', { name: `End schedule of ${fullName}` }).click();
    await dialog.getByRole('button', { name: 'End schedule' }).click();
    await expect.poll(() => cellsOf(ninaRow(page))).toContain('Previous');
    expect(await cellsOf(ninaRow(page))).toContain('Edit');
  });
});
