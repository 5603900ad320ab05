import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { signInFast, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** WCAG 2.1 A and AA rules (axe-core), on a page once its main content is there. */
async function violationsOn(path: string): Promise<string[]> {
  const { page } = browser;
  await page.goto(path);
  await page.locator('h1:visible').first().waitFor();
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ') ?? ''} ${violation.nodes[0]?.html ?? ''}`.trim());
}

describe('accessibility of the screens this release changed (axe, WCAG 2.1 AA)', () => {
  it('finds no violation on sign-in and the kiosk', async () => {
    expect([...(await violationsOn('/sign-in')), ...(await violationsOn('/clock'))]).toEqual([]);
  });

  it('finds no violation on the list screens, the employee form and the settings', async () => {
    await signInFast(browser);
    const found: string[] = [];
    for (const path of ['/users', '/employees', '/attendance', '/employee-create', '/setting']) found.push(...(await violationsOn(path)));
    expect(found).toEqual([]);
  });
});
