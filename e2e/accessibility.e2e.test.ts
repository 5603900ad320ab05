import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, CHECKED_TAGS, WCAG_21_AA } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { chooseMode, modes, openScreen, screens, seedScreens, startAs, type ScreenData } from './support/screens.ts';

const browser = useBrowser();
let data: ScreenData;

beforeAll(async () => {
  data = await seedScreens(inject('baseUrl'));
}, 180_000);

// Issue 17: every page and its dialogs, in light, dark and right-to-left, with 0 violations of WCAG 2.1 A and AA.
// Issue 30: and axe's best practices, in light mode: they judge structure (landmarks, headings), which no mode changes.
describe.each(modes)('accessibility in %s mode (axe, WCAG 2.1 A/AA; best practices in light mode)', (mode) => {
  const tags = mode === 'light' ? CHECKED_TAGS : WCAG_21_AA;
  it.each(screens.map((screen) => [screen.name, screen] as const))(
    'finds no violation on %s and its dialogs',
    async (_name, screen) => {
      const { page } = browser;
      await chooseMode(browser, mode);
      await startAs(browser, screen.account, data);
      await openScreen(page, screen, data);
      const found = await axeViolations(page, screen.name, tags);
      for (const state of screen.states ?? []) {
        // Each state from the page as it first shows: a dialog left open or a kiosk step would hide the next one.
        await openScreen(page, screen, data);
        await state.open(page, data);
        found.push(...(await axeViolations(page, `${screen.name} › ${state.name}`, tags)));
      }
      expect(found).toEqual([]);
      // One axe run per page and state, with best practices: a page with four states took over a minute on a loaded machine.
    },
    240_000,
  );
});

describe('navigation and the user menu for keyboard and screen-reader users', () => {
  it('keeps the shell, moves focus to the new page heading and announces it on every navigation', async () => {
    const { page } = browser;
    await startAs(browser, 'superAdmin', data);
    await page.goto('/dashboard');
    await page.locator('main h1').waitFor();
    // A mark on the header's element: a rebuilt shell would be a new element without it.
    await page.getByTestId('header').evaluate((header) => header.setAttribute('data-kept', 'yes'));
    await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Employees' }).click();
    // The link keeps focus until the page's code and heading arrive.
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`)).toBe('H1 Employees');
    expect(await page.getByTestId('route-announcer').textContent()).toBe('Employees');
    expect(await page.title()).toMatch(/^Employees · /);
    expect(await page.getByTestId('header').getAttribute('data-kept')).toBe('yes');
  });

  it('leaves focus with the user when the new page arrives after they opened the user menu', async () => {
    const { page } = browser;
    await startAs(browser, 'admin', data);
    await page.goto('/employees');
    await page.locator('main h1').waitFor();
    // The dashboard's code arrives late, as on a slow network.
    await page.route('**/assets/admin-dashboard-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Dashboard' }).click();
    const button = page.getByTestId('user-menu');
    await button.click();
    await page.locator('main h1', { hasText: 'Dashboard' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByTestId('sign-out').waitFor();
  });

  it('names the user menu by the user shown, says whether it is open, and closes on Escape with focus back on it', async () => {
    const { page } = browser;
    await startAs(browser, 'admin', data);
    await page.goto('/dashboard');
    const button = page.getByRole('button', { name: new RegExp(`^${data.admin.name} User menu$`) });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('sign-out').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sign-out').waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('gives each confirmation on employee details its own title', async () => {
    const { page } = browser;
    await startAs(browser, 'superAdmin', data);
    await page.goto(`/employee-details/${data.employee.id}`);
    await page.getByRole('button', { name: 'Remove PIN' }).click();
    await page.getByRole('dialog', { name: `Remove the PIN of ${data.employee.fullName}?` }).waitFor();
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((element) => element.id));
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('what axe does not judge', () => {
  it('shows the built-in role names in Spanish on the users list, as stored in English', async () => {
    const { page } = browser;
    await startAs(browser, 'superAdmin', data, 'es');
    await page.goto('/users');
    const row = page.getByRole('row').filter({ hasText: data.admin.name });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toContain('Administrador');
    expect(await row.getByRole('cell').allTextContents()).not.toContain('Admin');
  });

  it('keeps the start of the app title in sight when a right-to-left layout cuts it short', async () => {
    const { page } = browser;
    await chooseMode(browser, 'rtl');
    await startAs(browser, 'superAdmin', data, 'es');
    await page.goto('/dashboard');
    await page.locator('main h1').waitFor();
    const titles = await page.getByTestId('app-title').evaluateAll((elements) =>
      elements
        .filter((title) => title.getClientRects().length > 0 && title.scrollWidth > title.clientWidth)
        .map((title) => {
          const box = title.getBoundingClientRect();
          const first = document.createRange();
          first.setStart(title.firstChild ?? title, 0);
          first.setEnd(title.firstChild ?? title, 1);
          const letter = first.getBoundingClientRect();
          return { text: title.textContent, firstLetterShown: letter.left >= box.left - 1 && letter.right <= box.right + 1 };
        }),
    );
    // The side navigation's title does not fit in Spanish: the check is not empty.
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((title) => !title.firstLetterShown)).toEqual([]);
  });
});
