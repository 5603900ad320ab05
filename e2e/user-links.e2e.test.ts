import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portraitOf } from '../packages/face/src/testing.ts';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployee, createWorkplace, eventually, type Workplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Linked-pass-1!';
let workplace: Workplace;
let files = '';
let portrait = '';
let notAPhoto = '';

beforeAll(async () => {
  workplace = await createWorkplace(ApiClient.admin(browser.baseUrl), `Links ${suffix}`);
  files = await mkdtemp(join(tmpdir(), 'ams-e2e-links-'));
  portrait = join(files, 'portrait.jpg');
  notAPhoto = join(files, 'blank.png');
  await writeFile(portrait, await portraitOf('sample1-left'));
  // A valid PNG of one white pixel: an image without a face.
  await writeFile(notAPhoto, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64'));
});
afterAll(async () => {
  await rm(files, { recursive: true, force: true });
});

beforeEach(async () => {
  await startInLanguage(browser, 'en');
});

async function fillEmployeeForm(page: Page, lastName: string): Promise<void> {
  const form = page.getByTestId('employee-form');
  await form.getByLabel('First name').fill('Nadia');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Gender').selectOption('FEMALE');
  await form.getByLabel('Email', { exact: true }).fill(`${lastName.toLowerCase()}@example.com`);
  await form.getByLabel('National ID').fill(`NID-${lastName}`);
  await form.getByLabel('Company', { exact: true }).selectOption({ label: `Works Links ${suffix}` });
  await form.getByLabel('Department').selectOption({ label: `Floor Links ${suffix}` });
  await form.getByLabel('Job title').selectOption({ label: `Operator Links ${suffix}` });
  await form.getByLabel('Leave group').selectOption({ label: `Shift Links ${suffix}` });
  await form.getByLabel('Employment type').selectOption('regular');
  await form.getByLabel('PIN').fill('864202');
}

describe('users linked to employees, and the sessions an administrator ends', () => {
  it('links an Employee account to an employee of the chosen company, and refuses linking that employee twice', async () => {
    const { page } = browser;
    const api = ApiClient.admin(browser.baseUrl);
    const lastName = `Linked${suffix}`;
    await createEmployee(api, workplace, { firstName: 'Lina', lastName, email: `lina.${suffix}@example.com`, nationalId: `LN-${suffix}` });
    await signInFast(browser);

    const createAccount = async (email: string) => {
      await page.goto('/users-create');
      const form = page.getByTestId('user-form');
      await form.getByLabel('Name').fill('Lina');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Account type').selectOption('Employee');
      await form.getByLabel('Company').selectOption({ label: `Works Links ${suffix}` });
      await form.getByLabel('Role').selectOption({ label: 'Employee' });
      await form.getByPlaceholder('Search for an employee').fill(lastName);
      const picker = form.getByLabel('Linked employee');
      await eventually('the employee is offered', async () => {
        if ((await picker.locator('option', { hasText: lastName }).count()) === 0) throw new Error('not yet');
      });
      await picker.selectOption({ label: `Lina ${lastName} · LN-${suffix}` });
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByRole('button', { name: 'Create user' }).click();
      return form;
    };

    await createAccount(`lina.${suffix}@example.com`);
    await page.waitForURL('**/users');
    const again = await createAccount(`lina.again.${suffix}@example.com`);
    await expect.poll(() => again.getByRole('alert').allTextContents()).toContain('This employee is already linked to another user.');
  });

  it('asks for the linked employee when creating an Employee account', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/users-create');
    const form = page.getByTestId('user-form');
    await form.getByLabel('Account type').selectOption('Employee');
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect.poll(() => form.getByRole('alert').allTextContents()).toContain('An Employee account must be linked to an employee of its company.');
  });

  it('tells a user whose role an administrator changed why they were signed out', async () => {
    const { page } = browser;
    const api = ApiClient.admin(browser.baseUrl);
    const email = `moved.${suffix}@example.com`;
    const user = await api.createUser({
      name: 'Moved',
      email,
      accountType: 'Admin',
      roleId: (await api.roleNamed('Admin')).id,
      password: PASSWORD,
      companyId: workplace.companyId,
    });
    await signInFast(browser, email, PASSWORD, { fresh: true });
    await page.goto('/users');
    await page.getByTestId('users-table').waitFor();

    const narrower = await api.call<{ id: string }>('POST', 'roles', {
      name: `Narrow ${suffix}`,
      userType: 'admin',
      companyId: workplace.companyId,
      permissions: { dashboard: ['read'] },
    });
    await api.call('PATCH', `users/${user.id}`, { roleId: narrower.id });
    await page.goto('/employees');
    await page.waitForURL('**/sign-in**');
    await expect.poll(() => page.getByTestId('session-ended').textContent()).toBe('Your role was changed by an administrator: please sign in again.');
  });

  it('keeps a SuperAdmin out of the personal area: no switch to it, and its paths are denied', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('area-switch').count()).toBe(0);
    await page.goto('/personal/dashboard');
    await page.waitForURL('**/access-denied');
  });

  it('creates an employee with photo and PIN in one trip, and keeps the employee when the photo is refused', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/employee-create');
    await fillEmployeeForm(page, `Photo${suffix}`);
    await page.getByTestId('create-photo-input').setInputFiles(portrait);
    expect(await page.getByTestId('chosen-photo').textContent()).toBe('portrait.jpg');
    await page.getByTestId('employee-form').getByRole('button', { name: 'Create employee' }).click();
    await page.waitForURL('**/employees', { timeout: 60_000 });
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('Photo saved: face enrolled.'));

    await page.goto('/employee-create');
    await fillEmployeeForm(page, `Blank${suffix}`);
    await page.getByTestId('create-photo-input').setInputFiles(notAPhoto);
    await page.getByTestId('employee-form').getByRole('button', { name: 'Create employee' }).click();
    await page.waitForURL('**/employee-details/**', { timeout: 60_000 });
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toContainEqual(expect.stringContaining('The employee was created, but the photo was refused: Image not recognized, please upload another.'));
    await page
      .getByTestId('employee-details')
      .getByRole('heading', { name: `Nadia Blank${suffix}` })
      .waitFor();
  });
});
