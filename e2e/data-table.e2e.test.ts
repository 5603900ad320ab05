import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser } from './support/browser.ts';
import { createEmployee, createWorkplace } from './support/workplace.ts';

const browser = useBrowser();
const tag = `Tbl${Date.now().toString(36)}`;

// By last name Aaa comes first; by email Zzz does (its address starts with a).
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, tag);
  await createEmployee(api, workplace, { firstName: 'Ada', lastName: `Aaa${tag}`, email: `z.${tag}@example.com`.toLowerCase(), nationalId: `${tag}-1` });
  await createEmployee(api, workplace, { firstName: 'Zoe', lastName: `Zzz${tag}`, email: `a.${tag}@example.com`.toLowerCase(), nationalId: `${tag}-2` });
});

/** Which of the two employees each row on screen is, in order. */
async function lastNames(table: Locator): Promise<string[]> {
  const rows = await table.locator('tbody tr').allTextContents();
  return rows.map((row) => [`Aaa${tag}`, `Zzz${tag}`].find((name) => row.includes(name)) ?? row);
}

describe('the shared list table', () => {
  it('sorts the employees through the server order: a header button that says its direction', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/employees');
    await page.getByTestId('employee-search').fill(tag);
    const table = page.getByTestId('employees-table');
    await expect.poll(() => lastNames(table)).toEqual([`Aaa${tag}`, `Zzz${tag}`]);
    expect(await table.getAttribute('aria-label')).toBe('Empleados');
    const name = table.getByRole('columnheader', { name: 'Nombre' });
    const email = table.getByRole('columnheader', { name: 'Correo electrónico' });
    expect(await name.getAttribute('aria-sort')).toBe('ascending');
    expect(await email.getAttribute('aria-sort')).toBe('none');

    await email.getByRole('button').click();
    await expect.poll(() => email.getAttribute('aria-sort')).toBe('ascending');
    expect(await name.getAttribute('aria-sort')).toBe('none');
    await expect.poll(() => lastNames(table)).toEqual([`Zzz${tag}`, `Aaa${tag}`]);
    await email.getByRole('button').click();
    await expect.poll(() => email.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => lastNames(table)).toEqual([`Aaa${tag}`, `Zzz${tag}`]);
    // Columns the server does not sort by are plain headers.
    expect(await table.getByRole('columnheader', { name: 'Puesto' }).getAttribute('aria-sort')).toBeNull();
  });

  it('turns rows into cards of label and value on a phone, the same table rows and cells underneath', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    await signInFast(browser);
    await page.goto('/users');
    const table = page.getByTestId('users-table');
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('cell').count()).toBe(6);
    const firstCell = row.getByRole('cell').first();
    const label = await firstCell.evaluate((cell) => getComputedStyle(cell, '::before').content);
    // The label is shown but not read out again: the header already names the cell (CSS alt text `/ ""`).
    expect(label).toBe('"Nombre" / ""');
    expect(await firstCell.evaluate((cell) => getComputedStyle(cell).display)).toBe('flex');
    expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
