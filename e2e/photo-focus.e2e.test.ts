import type { Locator, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser, startInLanguage } from './support/browser.ts';
import { createEmployee, createWorkplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
let employeeId = '';

beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  const workplace = await createWorkplace(api, `photo focus ${suffix}`);
  ({ id: employeeId } = await createEmployee(api, workplace, {
    firstName: 'Fotis',
    lastName: `Foco${suffix}`,
    email: `fotis.${suffix}@example.com`,
    nationalId: `PHF-${suffix}`,
  }));
});

beforeEach(async () => {
  await signInFast(browser);
  await startInLanguage(browser, 'en');
});

/** The visible button's outline while its hidden file input has keyboard focus (reached with Tab, so :focus-visible holds). */
async function outlineWhenTabbedTo(page: Page, input: Locator, button: Locator): Promise<{ focused: boolean; style: string; width: number }> {
  await input.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const focused = await input.evaluate((element) => element === document.activeElement);
  const { style, width } = await button.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { style: computed.outlineStyle, width: Number.parseFloat(computed.outlineWidth) };
  });
  return { focused, style, width };
}

describe('photo upload buttons show where the keyboard focus is (WCAG 2.4.7)', () => {
  for (const { name, path, input } of [
    { name: 'Upload an image (account settings)', path: () => '/account-setting', input: 'profile-image-input' },
    { name: 'Choose a photo (new employee)', path: () => '/employee-create', input: 'create-photo-input' },
    { name: 'Upload photo (employee details)', path: () => `/employee-details/${employeeId}`, input: 'photo-input' },
  ]) {
    it(`outlines "${name}" while its file input has focus`, async () => {
      const { page } = browser;
      await page.goto(path());
      const field = page.getByTestId(input);
      const button = page.locator('label', { has: field }).or(page.locator(`label[for="${await field.getAttribute('id')}"]`));
      await field.waitFor({ state: 'attached' });
      const seen = await outlineWhenTabbedTo(page, field, button.first());
      expect(seen.focused).toBe(true);
      expect(seen.style).not.toBe('none');
      expect(seen.width).toBeGreaterThanOrEqual(2);
    });
  }
});
