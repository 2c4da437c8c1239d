// The public pages (landing, help, legal), routing and the navigation bar in a real browser, signed out and signed
// in, at phone and desktop widths and with axe-core.
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hasHorizontalScroll, loadedScripts, seriousAccessibilityViolations } from '../support/browser.ts';
import { expectFitsAndAccessible } from './support/checks.ts';
import { useE2e } from './support/e2e.ts';
import { logIn, signUpAndVerify } from './support/users.ts';

// A signed-out visitor's check of /auth/current-user answers 401, which Chromium logs; that is expected.
const e2e = useE2e({ consoleErrors: { except: /status of 401/ } });
let page: Page;

beforeEach(async () => {
  page = await e2e.newPage();
});

const open = (path: string) => page.goto(`${e2e.app.url}${path}`, { waitUntil: 'networkidle' });

describe('landing page', () => {
  it('shows the product, its inputs, a sample ticket, testimonials, the badge and the signed-out calls to action', async () => {
    await open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    const body = await page.locator('body').innerText();
    for (const text of ['Google Meet', 'Zoom', 'Slack exports', 'Teams transcripts', 'SRT', 'CSV', 'TSV', 'JSON', 'GitHub', 'Jira', 'Azure DevOps', 'Miro']) {
      expect(body).toContain(text);
    }
    expect(await page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
    for (const link of await page.getByRole('link', { name: 'Existing user? Log in' }).all()) {
      expect(await link.getAttribute('href')).toBe('/login');
    }
    const learnMore = page.getByRole('link', { name: /Learn more/ });
    expect(await learnMore.count()).toBeGreaterThan(0);
    for (const link of await learnMore.all()) expect(await link.getAttribute('href')).toBe('/help');
    expect(await page.getByRole('link', { name: 'Go to dashboard' }).count()).toBe(0);
    expect(await page.locator('figure, blockquote').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('link', { name: /Product Hunt/ }).getAttribute('href')).toMatch(/^https:\/\/www\.producthunt\.com\//);
  });

  // The landing page and the frame around it are plain markup and CSS: React DOM and React Router are most of it.
  it('loads at most 120 KiB of gzipped JavaScript and no MUI: the app pages, charts, menu and query cache come only where used', async () => {
    const scripts = await loadedScripts(page, `${e2e.app.url}/`, 'h1');
    const names = scripts.files.map((file) => file.name).join(' ');
    // The signed-in pages, the charts, the query cache, the signed-in menu and the MUI theme are not part of a first visit.
    expect(names).not.toMatch(/Dashboard|TicketsPage|UsageLineChart|SignedInNavigation|QueryLayout|MuiTheme/);
    expect(scripts.gzip / 1024, `landing JavaScript: ${names}`).toBeLessThanOrEqual(120);
    // MUI draws with emotion, which puts its styles into <style data-emotion> elements: none may be on the page.
    expect(await page.locator('style[data-emotion]').count()).toBe(0);
  });

  it('loads MUI with the pages drawn with it, and keeps the look of the frame there', async () => {
    await open('/login');
    await page.getByLabel(/email/i).first().waitFor();
    expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
    const bar = page.getByRole('banner');
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(52, 69, 168)');
    expect(await bar.getByRole('link', { name: 'Tickscribe' }).getAttribute('href')).toBe('/');
    expect(await bar.getByRole('link', { name: 'Login' }).count()).toBe(0);
  });

  it('navigates to the help page from Learn more', async () => {
    await open('/');
    await page.getByRole('link', { name: /Learn more/ }).first().click();
    await page.waitForURL('**/help');
    await page.getByRole('heading', { name: 'Getting Started' }).waitFor();
  });
});

describe('shared layout', () => {
  it('shows Login and Sign Up when signed out, and a footer with the copyright and legal links', async () => {
    await open('/');
    const nav = page.getByRole('banner');
    expect(await nav.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} Tickscribe. All rights reserved.`);
    expect(await footer.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await footer.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe('/refund-policy');
  });
});

describe('help page', () => {
  it('has its sections and ends with the support links', async () => {
    await open('/help');
    for (const heading of ['Getting Started', 'Meeting Bot', 'Subscription & Token Credits']) {
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    }
    expect(await page.getByRole('link', { name: 'Email Support' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await page.getByRole('link', { name: 'Report Issue' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('opens one FAQ item at a time; clicking the open one closes it', async () => {
    await open('/help');
    // On a busy machine the page may still be arriving when the network goes quiet.
    await page.locator('[aria-controls][aria-expanded]').first().waitFor();
    const questions = page.locator('[aria-controls][aria-expanded]');
    expect(await questions.count()).toBe(6);
    const expanded = async () =>
      Promise.all((await questions.all()).map(async (q) => (await q.getAttribute('aria-expanded')) === 'true'));
    expect(await expanded()).toEqual([false, false, false, false, false, false]);
    await questions.nth(0).click();
    expect(await expanded()).toEqual([true, false, false, false, false, false]);
    await questions.nth(3).click();
    expect(await expanded()).toEqual([false, false, false, true, false, false]);
    await questions.nth(3).click();
    expect(await expanded()).toEqual([false, false, false, false, false, false]);
    const faqText = (await page.locator('body').innerText()).toLowerCase();
    for (const topic of ['priority', 'format', 'mapping', 'bot', 'token', 'dependenc']) expect(faqText).toContain(topic);
  });

  it('answers the JIRA priority question with the connection setting', async () => {
    await open('/help');
    const question = page.locator('[aria-controls][aria-expanded]').filter({ hasText: /priority/i }).first();
    await question.click();
    await page.getByText(/Include Priority Field/).first().waitFor();
  });
});

describe('legal pages', () => {
  it('terms of service promise 30 days notice of material changes', async () => {
    await open('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Terms of Service/);
    expect(await page.locator('main').innerText()).toMatch(/30 days/);
  });

  it('refund policy: purchases are final, cancellation at the end of the billing period', async () => {
    await open('/refund-policy');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Refund Policy/);
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/final/i);
    expect(text).toMatch(/law/i);
    expect(text).toMatch(/end of the (current )?billing period/i);
  });
});

describe('routing', () => {
  it('sends a signed-out visit to /dashboard to /login', async () => {
    await open('/dashboard');
    await page.waitForURL(`${e2e.app.url}/login`);
    await page.getByLabel(/email/i).first().waitFor();
  });

  it('redirects an unknown path to /', async () => {
    await open('/no/such/page');
    await page.waitForURL(`${e2e.app.url}/`);
    await page.getByRole('link', { name: 'Get started' }).waitFor();
  });
});

describe('small screens and accessibility', () => {
  for (const width of [375, 1280]) {
    it(`public pages fit ${width} px and have no serious accessibility violations`, async () => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/help', '/terms-of-service', '/refund-policy', '/login']) {
        await open(path);
        await expectFitsAndAccessible(page, path, width);
      }
    });
  }

  it('lets the keyboard skip to the page: the first Tab shows the skip link, then the bar links show a focus ring', async () => {
    await open('/');
    await page.getByRole('link', { name: 'Get started' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    for (const name of ['Tickscribe', 'Login']) {
      await page.keyboard.press('Tab');
      const focused = page.getByRole('banner').getByRole('link', { name, exact: true });
      expect(await focused.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    }
    await skip.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('keeps Login and Sign Up in the bar on a phone when signed out', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open('/');
    const bar = page.getByRole('banner');
    // Waits for them to be visible (the bar settles once the app knows nobody is signed in), failing if they never are.
    await bar.getByRole('link', { name: 'Login' }).waitFor({ state: 'visible', timeout: 10_000 });
    await bar.getByRole('link', { name: 'Sign Up' }).waitFor({ state: 'visible', timeout: 10_000 });
  });
});

describe('signed-in navigation', () => {
  const account = { email: `nav-${Date.now()}@example.com`, password: 'nav-secret' };
  const { email } = account;

  beforeAll(() => signUpAndVerify(e2e.app.url, { ...account, fullName: 'Ada Lovelace' }));
  beforeEach(async () => {
    const { token } = await logIn(e2e.app.url, account);
    await page.addInitScript((value) => localStorage.setItem('authToken', value), token);
  });

  it('shows every section, the user button and Logout on a wide screen', async () => {
    await open('/dashboard');
    const nav = page.getByRole('banner').getByRole('navigation');
    const labels = ['Dashboard', 'Transcripts', 'Tickets', 'Connections', 'Billing', 'Usage', 'Help'];
    const hrefs = ['/dashboard', '/transcripts', '/tickets', '/connections', '/billing', '/token-usage', '/help'];
    for (const [i, label] of labels.entries()) {
      expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(hrefs[i]);
    }
    expect(await nav.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/settings');
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBe('page');
    // The dashboard greets the account once its data has loaded.
    await page.locator('main').getByText(email).first().waitFor();
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${e2e.app.url}/login`);
  });

  it('shows a signed-in visitor of the landing page the way into the app, and sends them from /login to the dashboard', async () => {
    await open('/');
    const intoApp = page.getByRole('link', { name: 'Go to dashboard' }).first();
    await intoApp.waitFor();
    expect(await intoApp.getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Get started' }).count()).toBe(0);
    // The signed-in menu brings MUI with it, into the plain bar.
    const nav = page.getByRole('banner').getByRole('navigation');
    await nav.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
    await open('/login');
    await page.waitForURL(`${e2e.app.url}/dashboard`);
  });

  it('collapses into a menu with a Settings link on a phone', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open('/dashboard');
    expect(await hasHorizontalScroll(page)).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('navigation').filter({ hasText: 'Settings' });
    await drawer.waitFor();
    for (const label of ['Dashboard', 'Transcripts', 'Tickets', 'Connections', 'Billing', 'Usage', 'Help', 'Settings']) {
      await drawer.getByRole('link', { name: label, exact: true }).waitFor();
    }
    // The menu's title in the theme's secondary text colour (MUI 9 ignores Typography's color="text.secondary").
    const title = drawer.getByText('Menu', { exact: true });
    expect(await title.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(74, 80, 104)');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
