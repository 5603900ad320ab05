import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The WCAG 2.1 A and AA rules (issue 17: 0 violations of these on every page and dialog). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Each violation of the page as it is now, one line each: where, which rule, how many nodes, the first node. */
export async function axeViolations(page: Page, name: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags([...WCAG_21_AA]).analyze();
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
