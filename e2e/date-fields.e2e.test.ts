import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInFast, startInLanguage, useBrowser } from './support/browser.ts';
import { createCompanyAdmin, createWorkplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names of its own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PASSWORD = 'Date-fields-pass-1!';
const ukAdmin = { name: `Una Fecha ${suffix}`, email: `dates.uk.${suffix}@example.com` };
const usAdmin = { name: `Sam Fecha ${suffix}`, email: `dates.us.${suffix}@example.com` };

const texts = {
  en: { day: 'dd', year: 'yyyy', impossible: 'This date does not exist. Check the day and the month.', openCalendar: 'Choose a date for From' },
  es: { day: 'dd', year: 'aaaa', impossible: 'Esta fecha no existe. Revise el día y el mes.', openCalendar: 'Elegir una fecha para Desde' },
} as const;

beforeAll(async () => {
  // Two companies of one organisation, one with British and one with American settings: each Admin sees their own.
  const api = ApiClient.admin(browser.baseUrl);
  for (const [admin, country] of [
    [ukAdmin, 'UK'],
    [usAdmin, 'US'],
  ] as const) {
    const workplace = await createWorkplace(api, `dates ${country} ${suffix}`);
    await api.call('PUT', 'settings', { companyId: workplace.companyId, country });
    await createCompanyAdmin(api, workplace, { ...admin, password: PASSWORD });
  }
}, 90_000);

async function openAttendanceAs(page: Page, admin: { email: string }, language: 'en' | 'es'): Promise<void> {
  await startInLanguage(browser, language);
  await signInFast(browser, admin.email, PASSWORD);
  await page.goto('/attendance');
  await page.getByTestId('attendance-from').waitFor();
}

/** How many pixels of the field's placeholder do not fit in its text box (0 or less: all of it shows). */
async function placeholderOverflow(field: Locator): Promise<number> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width - room;
  });
}

/** The day the open calendar has selected, by its ISO date (react-day-picker's data-day). */
async function selectedDay(page: Page): Promise<string | null> {
  return page.getByRole('dialog').locator('[aria-selected="true"]').getAttribute('data-day');
}

describe.sequential('date fields follow the organisation date order, not the browser locale', () => {
  it.each(['en', 'es'] as const)(
    'a UK company shows and reads dd/mm/yyyy, picks from the calendar by keyboard and refuses 31 February (%s)',
    async (language) => {
      const { page } = browser;
      const text = texts[language];
      await openAttendanceAs(page, ukAdmin, language);
      const from = page.getByTestId('attendance-from');
      await expect.poll(() => from.getAttribute('placeholder')).toBe(`${text.day}/mm/${text.year}`);
      // The filter bar leaves room for the whole placeholder on a laptop screen and a wide one.
      for (const width of [1366, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await placeholderOverflow(from), `placeholder overflow at ${width} px`).toBeLessThanOrEqual(0);
      }

      // Typed loosely, read day first, shown back in the order once the field is left.
      await from.fill('5-2-2026');
      await from.press('Tab');
      expect(await from.inputValue()).toBe('05/02/2026');
      expect(await from.getAttribute('aria-invalid')).toBe('false');

      // The calendar button, by keyboard: the grid opens on 5 February, the arrow moves a day, Enter picks it.
      const calendarButton = page.getByRole('button', { name: text.openCalendar });
      await calendarButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('grid').waitFor();
      expect(await selectedDay(page)).toBe('2026-02-05');
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-day]')?.getAttribute('data-day'))).toBe('2026-02-05');
      await expectNoAxeViolations(page, `date field calendar (${language})`);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(false);
      expect(await from.inputValue()).toBe('13/02/2026');
      // Focus returns to the button that opened the calendar.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');

      // A day that does not exist is refused with a message tied to the field.
      await from.fill('31/02/2026');
      await from.press('Tab');
      await expect.poll(() => page.getByTestId('attendance-from-error').textContent()).toBe(text.impossible);
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      expect(await from.getAttribute('aria-describedby')).toContain((await page.getByTestId('attendance-from-error').getAttribute('id')) ?? 'missing');
      await expectNoAxeViolations(page, `date field with an impossible date (${language})`);

      // Escape closes the calendar without picking.
      await calendarButton.click();
      await page.getByRole('dialog').getByRole('grid').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(false);
      expect(await from.inputValue()).toBe('31/02/2026');
    },
  );

  it.each(['en', 'es'] as const)('a US company shows and reads mm/dd/yyyy, so 2/5/2026 is 5 February (%s)', async (language) => {
    const { page } = browser;
    const text = texts[language];
    await openAttendanceAs(page, usAdmin, language);
    const from = page.getByTestId('attendance-from');
    // The company's settings arrive after the page: the field follows them.
    await expect.poll(() => from.getAttribute('placeholder')).toBe(`mm/${text.day}/${text.year}`);
    await from.fill('2/5/2026');
    await from.press('Tab');
    expect(await from.inputValue()).toBe('02/05/2026');
    await page.getByRole('button', { name: text.openCalendar }).click();
    await page.getByRole('dialog').getByRole('grid').waitFor();
    expect(await selectedDay(page)).toBe('2026-02-05');
    await page.keyboard.press('Escape');

    // A British date is not silently misread in an American company.
    await from.fill('23/11/2026');
    await from.press('Tab');
    await expect.poll(() => page.getByTestId('attendance-from-error').textContent()).toBe(text.impossible);
    await expectNoAxeViolations(page, `US date field (${language})`);
  });
});
