// One app, its database and one headless Chromium per test file, and the pages of each test: closed after it,
// and failing it when they reported errors.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { useTestApp, type TestAppWithDatabase } from '../../support/app.ts';
import { launchBrowser } from '../../support/browser.ts';

export interface E2eOptions {
  /**
   * Console errors fail a test too, not only uncaught page errors (default false). `except` names the ones that
   * are expected, such as the 401 Chromium logs for a signed-out visitor's current-user check.
   */
  consoleErrors?: boolean | { except: RegExp };
  /** Settings of the app beside the test defaults, e.g. PLUGINS. */
  env?: Record<string, string>;
}

export interface PageOptions {
  /** Viewport width in px (default 1280; the height is 900). */
  width?: number;
  /** A session token put into local storage before the app starts. */
  token?: string;
}

export interface E2e extends TestAppWithDatabase {
  browser: Browser;
  /** The errors the current test's pages reported; a test that expects some takes them out itself. */
  errors: string[];
  /** A new page, closed after the test. bypassCSP only lets the tests inject axe-core. */
  newPage(options?: PageOptions): Promise<Page>;
}

/** Starts the app and a browser before the file's tests and stops both after them. */
export function useE2e(options: E2eOptions = {}): E2e {
  const context = useTestApp(options.env) as E2e;
  const pages: Page[] = [];
  const { consoleErrors = false } = options;
  const expected = typeof consoleErrors === 'object' ? consoleErrors.except : null;

  context.errors = [];
  context.newPage = async ({ width = 1280, token }: PageOptions = {}) => {
    const page = await context.browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
    pages.push(page);
    if (consoleErrors !== false) {
      page.on('console', (message) => {
        if (message.type() === 'error' && !expected?.test(message.text())) context.errors.push(message.text());
      });
    }
    page.on('pageerror', (error) => context.errors.push(error.message));
    if (token !== undefined) await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
    return page;
  };

  beforeAll(async () => {
    context.browser = await launchBrowser();
  });
  afterAll(async () => {
    await context.browser?.close();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.close()));
    expect(context.errors.splice(0)).toEqual([]);
  });
  return context;
}
