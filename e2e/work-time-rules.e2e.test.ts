import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, type Settings } from '../packages/contracts/src/index.ts';
import { enPages } from '../frontend/src/locales/en-pages.ts';
import { en } from '../frontend/src/locales/en.ts';
import { esPages } from '../frontend/src/locales/es-pages.ts';
import { es } from '../frontend/src/locales/es.ts';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser } from './support/browser.ts';
import { createWorkplace, type Workplace } from './support/workplace.ts';

const browser = useBrowser();
// The product's data outlives a file: a company of its own keeps these settings apart from other files'.
const suffix = `rules-${Date.now().toString(36)}`;
const companyName = `Works ${suffix}`;
let api: ApiClient;
let workplace: Workplace;

beforeAll(async () => {
  api = ApiClient.admin(browser.baseUrl);
  workplace = await createWorkplace(api, suffix);
}, 60_000);

async function openRules(language: 'en' | 'es'): Promise<Page> {
  await browser.context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  await signInFast(browser);
  const { page } = browser;
  await page.goto('/setting');
  await page.getByTestId('work-time-rules-scope').locator('option', { hasText: companyName }).waitFor({ state: 'attached' });
  await page.getByTestId('work-time-rules-scope').selectOption({ label: companyName });
  return page;
}

const savedRules = async () => {
  const settings = await api.call<Settings>('GET', `settings?companyId=${workplace.companyId}`);
  return {
    lateGraceMinutes: settings.lateGraceMinutes,
    overtimeBeforeShift: settings.overtimeBeforeShift,
    overtimeMinimumMinutes: settings.overtimeMinimumMinutes,
  };
};

const toasts = (page: Page) => page.getByTestId('toast').allTextContents();

describe.sequential('settings: the work-time rules of a company', () => {
  it('refuses a grace beyond 240 minutes, then saves the company’s grace, minimum overtime block and overtime before the shift, in English', async () => {
    const page = await openRules('en');
    const texts = { ...en, ...enPages }.settings.rules;
    const form = page.getByTestId('work-time-rules-form');
    expect(await form.getByLabel(texts.lateGraceMinutes).inputValue()).toBe('0');
    await expectNoAxeViolations(page, 'settings with the work-time rules');

    await form.getByLabel(texts.lateGraceMinutes).fill('500');
    await form.getByRole('button', { name: en.common.save }).click();
    await expect.poll(() => form.getByText(formatMessage('lateGraceMinutesRange', {}, 'en')).count()).toBe(1);
    expect(await savedRules()).toEqual({ lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 });

    await form.getByLabel(texts.lateGraceMinutes).fill('5');
    await form.getByLabel(texts.overtimeMinimumMinutes).fill('15');
    await form.getByLabel(texts.overtimeBeforeShift).check();
    await form.getByRole('button', { name: en.common.save }).click();
    await expect.poll(() => toasts(page), { timeout: 15_000 }).toContainEqual(expect.stringContaining(formatMessage('settingsSaved', {}, 'en')));
    expect(await savedRules()).toEqual({ lateGraceMinutes: 5, overtimeBeforeShift: true, overtimeMinimumMinutes: 15 });
  });

  it('shows the saved rules in Spanish and refuses an empty minimum block with the Spanish message', async () => {
    const page = await openRules('es');
    const texts = { ...es, ...esPages }.settings.rules;
    await page.getByRole('heading', { name: texts.title }).waitFor();
    const form = page.getByTestId('work-time-rules-form');
    await expect.poll(() => form.getByLabel(texts.lateGraceMinutes).inputValue()).toBe('5');
    expect(await form.getByLabel(texts.overtimeMinimumMinutes).inputValue()).toBe('15');
    expect(await form.getByLabel(texts.overtimeBeforeShift).isChecked()).toBe(true);

    await form.getByLabel(texts.overtimeMinimumMinutes).fill('');
    await form.getByRole('button', { name: es.common.save }).click();
    await expect.poll(() => form.getByText(formatMessage('overtimeMinimumBlockRange', {}, 'es')).count()).toBe(1);
    expect((await savedRules()).overtimeMinimumMinutes).toBe(15);
  });
});
