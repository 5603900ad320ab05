import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();

async function openThemePanel(page: Page): Promise<void> {
  await page.getByTestId('theme-button').first().click();
  await page.getByRole('dialog', { name: 'Tema' }).waitFor();
}

async function closeThemePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Tema' }).waitFor({ state: 'hidden' });
}

const rootState = (page: Page) =>
  page.evaluate(() => ({
    classes: document.documentElement.className,
    dir: document.documentElement.dir,
    schema: document.documentElement.dataset.schema,
    layout: document.querySelector('[data-layout]')?.getAttribute('data-layout'),
  }));

describe('theme and layouts (spec §3, §4)', () => {
  it('switches dark mode (class on the root, #404040 container), colour schema and direction, all kept across a reload', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect(await rootState(page)).toMatchObject({ classes: 'light', dir: 'ltr', schema: 'default' });

    await openThemePanel(page);
    await page.getByTestId('dark-mode').check();
    await page.getByTestId('schema-green').click();
    await page.getByTestId('direction-rtl').click();
    await closeThemePanel(page);

    const check = async () => {
      expect(await rootState(page)).toMatchObject({ classes: 'dark', dir: 'rtl', schema: 'green' });
      const colours = await page.evaluate(() => {
        const base = document.createElement('div');
        base.className = 'bg-base-100';
        const primary = document.createElement('div');
        primary.className = 'bg-primary';
        document.body.append(base, primary);
        const result = { container: getComputedStyle(base).backgroundColor, primary: getComputedStyle(primary).backgroundColor };
        base.remove();
        primary.remove();
        return result;
      });
      expect(colours).toEqual({ container: 'rgb(64, 64, 64)', primary: 'rgb(12, 175, 96)' });
      // The side navigation sits on the right in a right-to-left page.
      const aside = await page.getByRole('complementary').first().boundingBox();
      expect(aside && aside.x).toBeGreaterThan(600);
    };
    await check();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('theme'))) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ mode: 'dark', direction: 'rtl', themeSchema: 'green', controlSize: 'md', layout: { type: 'collapsibleSide' } });
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await check();
  });

  it('changes the layout and the control size, both kept across a reload', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect((await rootState(page)).layout).toBe('collapsibleSide');
    for (const layout of ['stackedSide', 'framelessSide', 'contentOverlay', 'blank', 'topBarClassic']) {
      await openThemePanel(page);
      await page.getByTestId('layout-select').selectOption(layout);
      await closeThemePanel(page);
      expect((await rootState(page)).layout).toBe(layout);
    }
    await openThemePanel(page);
    await page.getByTestId('control-size-select').selectOption('lg');
    await closeThemePanel(page);
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    expect((await rootState(page)).layout).toBe('topBarClassic');
    // lg controls are 14 spacing units (56 px) high.
    await page.goto('/account-setting');
    await page.getByLabel('Contraseña actual').waitFor();
    const height = await page.getByLabel('Contraseña actual').evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBe(56);
  });

  it('collapses the side navigation to icons and back', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    const aside = page.locator('aside[data-collapsed]');
    expect(Math.round((await aside.boundingBox())?.width ?? 0)).toBe(290);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(80);
    await page.getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL('**/users');
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => Math.round((await aside.boundingBox())?.width ?? 0)).toBe(290);
  });

  it('applies the layout a route requires and restores the previous one after it', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    await openThemePanel(page);
    await page.getByTestId('layout-select').selectOption('stackedSide');
    await closeThemePanel(page);
    await page.goto('/clock');
    await page.getByTestId('clock-page').waitFor();
    expect((await rootState(page)).layout).toBe('blank');
    await page.goto('/users');
    await page.getByTestId('users-table').waitFor();
    expect((await rootState(page)).layout).toBe('stackedSide');
  });

  it('switches the language to English and keeps it across a reload', async () => {
    const { page } = browser;
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByLabel('Email').fill('e2e-admin@example.com');
    await page.getByLabel('Password').fill('Wrong-password-1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('Invalid email or password');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('fits a phone: the navigation opens as an overlay and the page does not scroll sideways', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 740 });
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    expect(await page.getByRole('complementary').count()).toBe(0);
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'Usuarios' }).click();
    await page.waitForURL('**/users');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('works from the keyboard: skip link first, visible focus, the theme panel opens and closes', async () => {
    const { page } = browser;
    await signInFast(browser);
    await page.goto('/dashboard');
    await page.getByTestId('welcome').waitFor();
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      return { text: element.textContent, width: box.width, outline: getComputedStyle(element).outlineStyle };
    });
    expect(skip).toMatchObject({ text: 'Saltar al contenido' });
    expect(skip.width).toBeGreaterThan(10);
    expect(skip.outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.getByTestId('theme-button').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Tema' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Tema' }).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid)).toBe('theme-button');
  });
});
