import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pathOf } from './browser.ts';

/** The WCAG 2.1 A and AA rules (issue 17: 0 violations of these on every page and dialog). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/**
 * And axe's best practices (issue 30): landmarks around all content, landmarks told apart by name, one main, one
 * h1. Not WCAG failures by themselves, but what screen-reader users navigate by.
 */
export const CHECKED_TAGS = [...WCAG_21_AA, 'best-practice'] as const;

/**
 * Waits until every finite CSS transition and animation has run its course (at most 2 s). A colour
 * checked mid-fade (a dialog opening, a toggled day button) is a blend that no user reads, and
 * axe reported it as a contrast failure on loaded runs. Endless ones (spinners) are left alone.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const settled = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Each violation of the page as it is now, one line each: where, which rule, how many nodes, the first node. */
export async function axeViolations(page: Page, name: string = pathOf(page), tags: readonly string[] = CHECKED_TAGS): Promise<string[]> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return result.violations.map((violation) => {
    const first = violation.nodes[0];
    const why = first?.any[0]?.message ?? first?.all[0]?.message ?? first?.none[0]?.message ?? '';
    return `${name}: ${violation.id} (${violation.nodes.length}) ${first?.target.join(' ') ?? ''} ${first?.html ?? ''} ${why}`.trim();
  });
}

/** Fails with every violation listed, so one run shows all that is left to fix. */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page, name)).toEqual([]);
}

/** The violations once the page has stopped loading, named by its path: for pages still fetching as they are checked. */
export async function settledAxeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return axeViolations(page);
}
