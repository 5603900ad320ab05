import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { openScreen, screens, seedScreens, startAs, type ScreenData } from './support/screens.ts';

const browser = useBrowser();
let data: ScreenData;

beforeAll(async () => {
  data = await seedScreens(inject('baseUrl'));
}, 180_000);

/** A phone and a common laptop (issue 17). */
const viewports = [
  { width: 375, height: 740 },
  { width: 1366, height: 768 },
] as const;

/**
 * What spills: the page wider than the window, and table cells whose text is cut (wider than the cell and
 * hidden) outside a box that scrolls on its own.
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const cells = [...document.querySelectorAll<HTMLElement>('td, th')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflowX !== 'visible')
      .map((cell) => `cell: ${cell.textContent?.trim().slice(0, 40) ?? ''}`);
    // A table wider than its box hides its last columns (the row's actions) behind a sideways scroll.
    const tables = [...document.querySelectorAll<HTMLElement>('table')]
      .filter((table) => table.parentElement && table.offsetWidth > table.parentElement.clientWidth + 1)
      .map((table) => `table: ${table.getAttribute('aria-label') ?? ''} ${table.offsetWidth} > ${table.parentElement?.clientWidth ?? 0}`);
    return { pageWidth: root.scrollWidth, windowWidth: window.innerWidth, clipped: [...cells, ...tables] };
  });
}

describe.each(viewports)('layout at $width×$height', (viewport) => {
  it.each(screens.map((screen) => [screen.name, screen] as const))(
    '%s neither scrolls sideways nor clips a table cell, and names the tab',
    async (_name, screen) => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await startAs(browser, screen.account, data);
      await openScreen(page, screen, data);
      const { pageWidth, windowWidth, clipped } = await overflowOf(page);
      // The tab is named after the page too (`Page · product`), so history and tabs tell pages apart.
      const namedTab = (await page.title()).endsWith(' · Attendance Management System');
      expect({ screen: screen.name, widerThanWindow: pageWidth > windowWidth ? pageWidth : null, clipped, namedTab }).toEqual({
        screen: screen.name,
        widerThanWindow: null,
        clipped: [],
        namedTab: true,
      });
    },
  );
});

/**
 * Spanish, the default language, has longer headers and labels: its widest tables (three of them spilled past
 * their box at 1366 px while the English ones fitted) are checked in it too.
 */
const WIDEST_IN_SPANISH: ReadonlySet<string> = new Set([
  'employees',
  'users',
  'leave list',
  'settings',
  'report attendance-overtime',
  'report consolidated-overtime',
  'report employee-attendance',
  'my leave',
]);

describe('layout at 1366×768 in Spanish', () => {
  it.each(screens.filter((screen) => WIDEST_IN_SPANISH.has(screen.name)).map((screen) => [screen.name, screen] as const))(
    '%s neither scrolls sideways nor clips a table cell',
    async (_name, screen) => {
      const { page } = browser;
      await page.setViewportSize({ width: 1366, height: 768 });
      await startAs(browser, screen.account, data, 'es');
      await openScreen(page, screen, data);
      const { pageWidth, windowWidth, clipped } = await overflowOf(page);
      expect({ screen: screen.name, widerThanWindow: pageWidth > windowWidth ? pageWidth : null, clipped }).toEqual({
        screen: screen.name,
        widerThanWindow: null,
        clipped: [],
      });
    },
  );
});

/**
 * The controls of the header and footer that do not fit the window: each must show whole, inside the window and
 * not cut by its own box (a page that scrolls sideways is caught by its width).
 */
function cutControlsOf(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('header a, header button, header select, footer a, footer button')];
    return controls
      .filter((control) => control.getClientRects().length > 0 && getComputedStyle(control).visibility !== 'hidden')
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.left < -1 || box.right > document.documentElement.clientWidth + 1 || control.scrollWidth > control.clientWidth + 1;
      })
      .map((control) => control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName);
  });
}

// WCAG 1.4.10 reflow: at 320 CSS px (1280 px zoomed to 400 %) nothing scrolls sideways, in Spanish, the longer language.
describe('reflow at 320 px in Spanish', () => {
  it.each(screens.map((screen) => [screen.name, screen] as const))(
    '%s fits 320 px without scrolling sideways or cutting a header or footer control',
    async (_name, screen) => {
      const { page } = browser;
      await page.setViewportSize({ width: 320, height: 640 });
      await startAs(browser, screen.account, data, 'es');
      await openScreen(page, screen, data);
      const reflow = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      const cut = await cutControlsOf(page);
      expect({ screen: screen.name, scrollsSideways: reflow.scrollWidth > reflow.clientWidth ? reflow : null, cut }).toEqual({
        screen: screen.name,
        scrollsSideways: null,
        cut: [],
      });
    },
  );
});
