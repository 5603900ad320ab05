import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { portraitOf } from '../packages/face/src/testing.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { fillDate } from './support/date-field.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const names = {
  company: `Initech ${suffix}`,
  department: `Finance ${suffix}`,
  jobTitle: `Accountant ${suffix}`,
  leaveType: `Vacation ${suffix}`,
  leaveGroup: `Standard ${suffix}`,
};
const employee = { firstName: 'Marta', lastName: `Quintela${suffix}`, email: `marta.${suffix}@example.com` };
const fullName = `${employee.firstName} ${employee.lastName}`;

let photoDir = '';
let photoPath = '';

beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'ams-e2e-photo-'));
  photoPath = join(photoDir, 'portrait.jpg');
  await writeFile(photoPath, await portraitOf('sample1-left'));
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

// The shared SuperAdmin, in English; the token cookie (set by a real sign-in) lets <img> load the photos.
beforeEach(async () => {
  await signInFast(browser);
  await startInLanguage(browser, 'en');
  await browser.context.addCookies([{ name: 'token', value: inject('adminSession').accessToken, url: browser.baseUrl }]);
});

async function addRecord(page: Page, path: string, name: string, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  await page.goto(path);
  await page.getByTestId('add-record').click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page
    .getByTestId('records-table')
    .getByRole('row', { name: new RegExp(name) })
    .waitFor();
  await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('Created successfully!'));
}

async function searchEmployees(page: Page, text: string): Promise<Locator> {
  await page.getByTestId('employee-search').fill(text);
  return page.getByTestId('employees-table').getByRole('row', { name: new RegExp(employee.lastName) });
}

describe.sequential('organisation records and employees, as the SuperAdmin', () => {
  it('creates a company, a department, a job title, a leave type and a leave group through their pages', async () => {
    const { page } = browser;
    await addRecord(page, '/company', names.company, async () => {});

    await addRecord(page, '/department', names.department, async (dialog) => {
      await dialog.getByLabel('Company').selectOption({ label: names.company });
    });

    // A job title picks the company, then one of that company's departments.
    await addRecord(page, '/jobtitle', names.jobTitle, async (dialog) => {
      await dialog.getByLabel('Company').selectOption({ label: names.company });
      await dialog.getByLabel('Department').selectOption({ label: names.department });
    });
    expect(
      await page
        .getByTestId('records-table')
        .getByRole('row', { name: new RegExp(names.jobTitle) })
        .textContent(),
    ).toContain(names.department);

    await addRecord(page, '/leavetype', names.leaveType, async (dialog) => {
      await dialog.getByLabel('Company').selectOption({ label: names.company });
    });

    // Every field of a leave group is required: its privileges are that company's leave types.
    await page.goto('/leavegroup');
    await page.getByTestId('add-record').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Company').selectOption({ label: names.company });
    await dialog.getByLabel('Name', { exact: true }).fill(names.leaveGroup);
    await dialog.getByLabel('Description').fill('Everyone in finance');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByRole('alert').allTextContents()).toEqual(['Privilege is required']);
    await dialog.getByLabel(names.leaveType).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.getByTestId('records-table').getByRole('row', { name: new RegExp(names.leaveGroup) });
    await row.waitFor();
    expect(await row.textContent()).toMatch(new RegExp(`${names.leaveType}.*Active.*${names.company}`));
  });

  it("asks before deleting a company and shows the server's reason when it is still in use", async () => {
    const { page } = browser;
    await page.goto('/company');
    await page.getByRole('button', { name: `Delete ${names.company}` }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContainEqual(expect.stringContaining('This company still has departments, job titles, leave types, leave groups or employees'));
    expect(await page.getByTestId('records-table').getByText(names.company).count()).toBe(1);
  });

  it('creates an employee through the form, after naming the missing first name, and finds them by quick search', async () => {
    const { page } = browser;
    await page.goto('/employees');
    await page.getByTestId('add-employee').click();
    await page.waitForURL('**/employee-create');
    const form = page.getByTestId('employee-form');
    await form.getByLabel('Last name').fill(employee.lastName);
    await form.getByRole('button', { name: 'Create employee' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('First name is required');
    expect(await form.getByRole('alert').allTextContents()).not.toContain('Last name is required');

    await form.getByLabel('First name').fill(employee.firstName);
    await form.getByLabel('Gender').selectOption('FEMALE');
    await fillDate(form.getByLabel('Birthday'), '1990-04-12');
    await form.getByLabel('Email', { exact: true }).fill(employee.email);
    await form.getByLabel('National ID').fill(`NID-${suffix}`);
    // Company → department → job title, and the company's leave group.
    await form.getByLabel('Company', { exact: true }).selectOption({ label: names.company });
    await form.getByLabel('Department').selectOption({ label: names.department });
    await form.getByLabel('Job title').selectOption({ label: names.jobTitle });
    await form.getByLabel('Leave group').selectOption({ label: names.leaveGroup });
    await form.getByLabel('Employment type').selectOption('regular');
    await form.getByLabel('PIN').fill('12ab');
    await form.getByRole('button', { name: 'Create employee' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toEqual(['PIN must be 6 to 50 numeric digits']);
    await form.getByLabel('PIN').fill('246810');
    await form.getByRole('button', { name: 'Create employee' }).click();
    await page.waitForURL('**/employees');
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('Created successfully!'));

    await searchEmployees(page, 'nobody-by-this-name');
    await page.getByText('Employees do not exist!').waitFor();
    const row = await searchEmployees(page, employee.lastName.toLowerCase());
    await row.waitFor();
    expect(await row.textContent()).toContain(employee.email);
    await expect.poll(() => page.getByTestId('employees-table').getByRole('row').count()).toBe(2);
  });

  it('uploads a photo on the details page, which enrols the face and shows the photo', async () => {
    const { page } = browser;
    await page.goto('/employees');
    const row = await searchEmployees(page, employee.lastName);
    await row.getByRole('link', { name: `${employee.lastName}, ${employee.firstName}` }).click();
    await page.waitForURL('**/employee-details/**');
    const details = page.getByTestId('employee-details');
    await details.getByRole('heading', { name: fullName }).waitFor();
    expect(await details.getByTestId('face-badge').textContent()).toBe('No face enrolled');
    expect(await details.getByTestId('pin-badge').textContent()).toBe('PIN set');

    await details.getByTestId('photo-input').setInputFiles(photoPath);
    await details.locator('[data-testid="face-badge"][data-state="on"]').waitFor({ timeout: 45_000 });
    expect(await details.getByTestId('face-badge').textContent()).toBe('Face enrolled');
    // The photo itself, fetched by the <img> with the session cookie.
    const photo = details.getByTestId('employee-photo');
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  it('archives the employee once confirmed, who then appears under archived and no longer under active', async () => {
    const { page } = browser;
    await page.goto('/employees');
    const row = await searchEmployees(page, employee.lastName);
    await row.getByRole('button', { name: `Archive ${fullName}` }).click();
    await page
      .getByRole('dialog', { name: `Archive ${fullName}?` })
      .getByRole('button', { name: 'Archive', exact: true })
      .click();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining(`${fullName} archived.`));
    await page.getByText('Employees do not exist!').waitFor();

    await page.getByTestId('status-archived').click();
    const archived = await searchEmployees(page, employee.lastName);
    await archived.waitFor();
    expect(await archived.getByRole('button', { name: `Restore ${fullName}` }).count()).toBe(1);
  });
});
