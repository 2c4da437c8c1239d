// What every screen is checked for at a given width: no sideways scrolling, and no serious or critical axe-core
// finding.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hasHorizontalScroll, seriousAccessibilityViolations } from '../../support/browser.ts';

/** Checks the page as it is now; `what` names it in the failure messages. */
export async function expectFitsAndAccessible(page: Page, what: string, width: number): Promise<void> {
  expect(await hasHorizontalScroll(page), `${what} scrolls sideways at ${width}px`).toBe(false);
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.map((v) => `${what}: ${v.id} ${v.help} ${JSON.stringify(v.nodes.map((n) => n.target))}`)).toEqual([]);
}

/** Resizes the page to each width in turn and checks it there. */
export async function expectAccessibleAt(page: Page, widths: number[], label: string): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await expectFitsAndAccessible(page, `${label} @${width}`, width);
  }
}
