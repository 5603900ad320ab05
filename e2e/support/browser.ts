import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { storeSession, type IssuedSession } from './stored-session.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './product.ts';

export { ADMIN_EMAIL, ADMIN_PASSWORD };

const artifacts = fileURLToPath(new URL('../artifacts', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserTest {
  readonly baseUrl: string;
  readonly page: Page;
  readonly context: BrowserContext;
}

export interface BrowserOptions {
  /** More Chromium switches, e.g. a fake camera fed from a file. */
  readonly args?: readonly string[];
  /** The browser's time zone (else the machine's), for pages that enter or show local times. */
  readonly timezoneId?: string;
  /** Device pixels per CSS pixel (1 unless told): pixel measurements read glyphs better at 3 or 4. */
  readonly deviceScaleFactor?: number;
}

/** Debian's Chromium through playwright-core, headless and quiet (no updates, sync or background requests). */
export function launchChromium(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
  });
}

/**
 * Debian's Chromium (launchChromium); a fresh context (empty storage) per test, and a screenshot in
 * e2e/artifacts when a test fails.
 */
export function useBrowser(options: BrowserOptions = {}): BrowserTest {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchChromium(options.args);
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      ...(options.deviceScaleFactor ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
    });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(artifacts, { recursive: true });
      const name = `${task.file.name.replace(/[^\w.-]+/g, '_')}--${task.name.replace(/[^\w.-]+/g, '_')}.png`;
      await page.screenshot({ path: join(artifacts, name), fullPage: true }).catch(() => undefined);
    }
    await context.close();
  });

  return {
    baseUrl,
    get page() {
      return page;
    },
    get context() {
      return context;
    },
  };
}

/** Signs in through the form (Spanish labels: the default language). */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

export async function gotoAndSignIn(page: Page, path = '/sign-in', email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/sign-in/);
  await signIn(page, email, password);
}

/** The labels of the main navigation once it has rendered. */
export async function navLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /Navegación principal|Main navigation/ }).first();
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

const issued = new Map<string, IssuedSession>();

/**
 * Starts the test signed in without the form: one API sign-in per account and test file (the gateway allows
 * 20 sign-ins a minute per address), its answer stored exactly as the sign-in form stores it.
 */
export async function signInFast(test: BrowserTest, email = ADMIN_EMAIL, password = ADMIN_PASSWORD, options: { fresh?: boolean } = {}): Promise<void> {
  // A test that signs out revokes its token: it needs one of its own.
  let session = options.fresh ? undefined : email === ADMIN_EMAIL ? inject('adminSession') : issued.get(email);
  if (!session) {
    const response = await fetch(`${test.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
    session = (await response.json()) as IssuedSession;
    if (!options.fresh) issued.set(email, session);
  }
  await storeSession(test.context, test.baseUrl, session);
}

/** The language a test starts in (each test has a fresh browser context); the page may change it later. */
export async function startInLanguage(test: BrowserTest, language: 'en' | 'es'): Promise<void> {
  await test.context.addInitScript((chosen) => {
    if (localStorage.getItem('language') === null) localStorage.setItem('language', chosen);
  }, language);
}

/** A table row's cell texts, with runs of white space (such as the narrow no-break space some locales put before AM/PM) made one plain space. */
export async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** The toasts on the page now, each without its dismiss button's '✕'. */
export async function toastTexts(page: Page): Promise<string[]> {
  return (await page.getByTestId('toast').allTextContents()).map((text) => text.replace('✕', '').trim());
}
