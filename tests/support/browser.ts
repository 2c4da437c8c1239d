import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Whether the page scrolls sideways (content wider than the viewport). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

export interface LoadedScripts {
  /** Each script the page loaded: its file name and sizes in bytes, raw and gzipped (level 9, one file at a time). */
  files: { name: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

/**
 * The JavaScript a page loads until the network is quiet and `ready` is on screen: what a first visit downloads.
 * Each file is gzipped on its own, as a server compressing responses would send it.
 */
export async function loadedScripts(page: Page, url: string, ready: string): Promise<LoadedScripts> {
  const bodies: Promise<{ name: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.split('/').pop() ?? response.url();
    bodies.push(response.body().then((body) => ({ name, body })));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(bodies)).map(({ name, body }) => ({
    name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length,
  }));
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/**
 * Saves a picture of the page (or of one region) for people to look at: under SCREENSHOT_DIR when it is set,
 * else test-results/.
 */
export async function saveScreenshot(target: Pick<Page, 'screenshot'>, name: string, fullPage = false): Promise<void> {
  const dir = process.env['SCREENSHOT_DIR'] ?? 'test-results';
  await target.screenshot({ path: `${dir}/${name}.png`, ...(fullPage ? { fullPage } : {}) });
}
