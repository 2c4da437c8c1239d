// The whole account journey in a real browser, with the e-mails going through a real SMTP server on loopback:
// sign up, verify from the e-mail, log out, reset the password from the e-mail, log in, change the password.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { linkIn, TestSmtpServer } from '../support/smtp.ts';

let app: TestApp;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  const port = await smtp.listen();
  [app, browser] = await Promise.all([startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

const pageErrors: string[] = [];
async function newPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

describe('account journey', () => {
  it('signs up, verifies, logs out, resets the password by e-mail, logs in and changes the password', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@example.com`;
    const page = await newPage();

    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass');
    await expect(page.getByText('Password must be at least 6 characters').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${app.url}/verify-email`);

    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Please verify your email before logging in. Check your inbox for a verification link.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to email verification' }).getAttribute('href')).toBe('/verify-email');

    const verification = await smtp.waitFor(email, /Confirm your Tickscribe account/);
    await page.goto(linkIn(verification, app.config.APP_URL));
    await page.getByText('Email Verified').waitFor();
    await page.waitForURL(`${app.url}/dashboard`, { timeout: 10_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await page.locator('main').getByText(email).first().waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.goto(`${app.url}/dashboard`);
    await page.waitForURL(`${app.url}/login`);

    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account exists with this email, you will receive password reset instructions shortly.').waitFor();

    const reset = await smtp.waitFor(email, /Reset your Tickscribe password/);
    await page.goto(linkIn(reset, app.config.APP_URL));
    await page.getByLabel(/^New Password/).fill('second-pass');
    await page.getByLabel(/^Confirm New Password/).fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel(/^Confirm New Password/).fill('second-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset successfully! You will be redirected to the login page shortly.').waitFor();
    await page.waitForURL(`${app.url}/login`, { timeout: 10_000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password').fill('second-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    await page.getByRole('banner').getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.waitForURL(`${app.url}/settings`);
    await page.getByLabel(/^Current Password/).fill('second-pass');
    await page.getByLabel(/^New Password/).fill('third-pass');
    await page.getByLabel(/^Confirm New Password/).fill('third-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully!').waitFor();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('third-pass');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.close();
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('says on the login page why a session that ended elsewhere sent the browser there, once', async () => {
    const email = `grace-${randomUUID().slice(0, 8)}@example.com`;
    const json = { 'content-type': 'application/json' };
    await fetch(`${app.url}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'secret', fullName: 'Grace' }) });
    const db = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await db.connect();
    await db.query('update users set email_verified_at = now() where email = $1', [email]);
    const page = await newPage(375);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    // The session ends on the server (another device changed the password, say).
    await db.query('delete from sessions where user_id = (select id from users where email = $1)', [email]);
    await db.end();
    await page.goto(`${app.url}/tickets`);
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('alert').filter({ hasText: 'Session expired. Redirecting to login...' }).waitFor();
    await page.screenshot({ path: 'test-results/login-session-expired-375.png' });
    await page.reload();
    await page.getByLabel('Email').waitFor();
    await expect(page.getByText('Session expired').count()).resolves.toBe(0);
    await page.close();
  });

  it('shows the error state for a used verification link', async () => {
    const page = await newPage(375);
    await page.goto(`${app.url}/verify-email?error=access_denied&error_description=${encodeURIComponent('This verification link has already been used. Please log in.')}`);
    await page.getByText('This verification link has already been used. Please log in.').waitFor();
    await expect(page.getByRole('link', { name: 'Return to login' }).or(page.getByRole('button', { name: 'Return to login' })).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Try Again' }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
