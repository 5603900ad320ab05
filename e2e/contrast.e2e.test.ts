import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInFast, startInLanguage, useBrowser } from './support/browser.ts';
import { drawnContrast } from './support/contrast.ts';
import { chooseMode } from './support/screens.ts';

// Four device pixels per CSS pixel: the strokes of a 12 px '✕' get solid cores, so the ink is read as drawn.
const browser = useBrowser({ deviceScaleFactor: 4 });

/** WCAG 1.4.3: text (a button's label, the toast's '✕') at 4.5:1 against what is behind it. */
const TEXT_CONTRAST = 4.5;

async function expectReadable(text: Locator, what: string): Promise<void> {
  const drawn = await drawnContrast(text);
  expect({ what, ...drawn, readable: drawn.ratio >= TEXT_CONTRAST }).toEqual({ what, ...drawn, readable: true });
}

/** A pressed button as the person who pressed it sees it (the pointer still on it), then with the pointer gone. */
async function expectPressedReadable(page: Page, button: Locator, what: string): Promise<void> {
  await button.click();
  expect(await button.getAttribute('aria-pressed')).toBe('true');
  await expectReadable(button, `${what}, hovered`);
  await page.mouse.move(0, 0);
  await expectReadable(button, `${what}, at rest`);
}

describe.each(['light', 'dark'] as const)('contrast measured from the pixels in %s mode', (mode) => {
  it('draws the pressed status filter on the employee list at 4.5:1', async () => {
    const { page } = browser;
    await chooseMode(browser, mode);
    await signInFast(browser);
    await startInLanguage(browser, 'en');
    await page.goto('/employees');
    await expectPressedReadable(page, page.getByTestId('status-active'), 'the Active filter');
    await expectPressedReadable(page, page.getByTestId('status-archived'), 'the Archived filter');
  });

  it('draws the selected direction in the theme panel at 4.5:1', async () => {
    const { page } = browser;
    await chooseMode(browser, mode);
    await signInFast(browser);
    await startInLanguage(browser, 'en');
    await page.goto('/dashboard');
    await page.getByTestId('theme-button').first().click();
    await expectPressedReadable(page, page.getByTestId('direction-ltr'), 'left to right');
  });

  it('draws the close button of a success and of an error toast at 4.5:1 against the toast', async () => {
    const { page } = browser;
    await chooseMode(browser, mode);
    await signInFast(browser);
    await startInLanguage(browser, 'en');
    // Toasts leave after five seconds: the page's clock stands still while they are measured.
    await page.clock.install();
    await page.goto('/account-setting');
    const save = page.getByRole('form', { name: 'User information' }).getByRole('button', { name: 'Save' });
    await save.waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    // Saving the profile as it is succeeds; the second save is answered with a failure.
    await save.click();
    const saved = page.getByTestId('toast').filter({ hasText: 'Changes saved!' });
    await saved.waitFor();
    await page.route('**/api/me', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Something went wrong!' }),
          })
        : route.continue(),
    );
    await save.click();
    const failed = page.getByTestId('toast').filter({ hasText: 'Something went wrong!' });
    await failed.waitFor();
    await page.mouse.move(0, 0);
    await expectReadable(saved.getByRole('button', { name: 'Close' }), 'the success toast’s ✕');
    await expectReadable(failed.getByRole('button', { name: 'Close' }), 'the error toast’s ✕');
  });
});
