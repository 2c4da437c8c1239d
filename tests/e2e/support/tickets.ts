// What the ticket journeys share: a user of their own, tickets made and read through the API, and the ticket
// list as a person sees it.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { Ticket as TicketEntity } from '../../../core/tickets/ticket.entity.ts';
import type { E2e } from './e2e.ts';
import { newUser } from './users.ts';

export interface Ticket {
  id: string;
  title: string;
  description: string;
  project: string;
  status: string;
  priority: string;
  assignee: string | null;
  tags: string[];
  dependencies: string[];
  transcriptId: string | null;
  dueDate: string | null;
}

export const table = (page: Page) => page.getByRole('table', { name: 'Tickets' });
export const filters = (page: Page) => page.getByRole('search', { name: 'Filters' });
export const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/** The titles of the rows shown, top to bottom (none while the empty text shows). */
export function shownTitles(page: Page): Promise<string[]> {
  return table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
}

/** The list reloads in the background after each change; wait until it shows these rows. */
export async function expectTitles(page: Page, titles: string[]): Promise<void> {
  await expect.poll(() => shownTitles(page), { timeout: 10_000 }).toEqual(titles);
}

export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the list shows what the filters ask for (the list keeps the old rows while it reloads). */
export async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="false"]').first().waitFor();
}

export async function paste(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text', pasted);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The helpers that need the running app. */
export function ticketJourneys(e2e: E2e) {
  /** A verified, logged-in user of its own, so each journey starts from a known list. */
  const signedInUser = async () => (await newUser(e2e.app.url, 'tickets', 'Tess Tickets')).token;

  async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${e2e.app.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (response.status === 204 ? {} : await response.json()) as T;
  }

  async function createTicket(token: string, fields: Partial<Ticket> & { title: string }): Promise<Ticket> {
    const body = { description: `About ${fields.title}`, project: 'Web', ...fields };
    return (await call<{ ticket: Ticket }>(token, 'POST', '/api/tickets', body)).ticket;
  }

  const getTicket = async (token: string, id: string) => (await call<{ ticket: Ticket }>(token, 'GET', `/api/tickets/${id}`)).ticket;

  async function markPushed(id: string, externalId: string): Promise<void> {
    await e2e.app.orm.em.fork().nativeUpdate(TicketEntity, { id }, {
      externalUrl: `https://github.com/acme/web/issues/${externalId}`,
      externalId,
    });
  }

  async function openAs(token: string, path: string, width = 1280): Promise<Page> {
    const page = await e2e.newPage({ width, token });
    await page.goto(`${e2e.app.url}${path}`, { waitUntil: 'networkidle' });
    return page;
  }

  return { signedInUser, call, createTicket, getTicket, markPushed, openAs };
}
