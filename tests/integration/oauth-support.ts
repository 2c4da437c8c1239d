// What the "Connect with …" tests share: the browser's part of a sign-in done with fetch (the vendor's consent page,
// the Approve or Deny button, the redirect back to the web app's callback page), and the API calls around it.
import { expect } from 'vitest';
import type { OAuthFake, OAuthProfile } from '../trackers/oauth-fake.ts';
import type { Answer, Json } from './connections-support.ts';
import { createTickets, pushAndWait } from './push-support.ts';

type Api = (method: string, path: string, body?: unknown) => Promise<Answer>;

/** What the vendor sent the browser back with: the callback page's query. */
export type Callback = Record<string, string>;

/**
 * Opens the authorize URL as a browser would, checks it shows the consent page, and presses Approve or Deny on it:
 * answers the query the vendor redirected to the callback with.
 */
export async function consent(authorizeUrl: string, decision: 'approve' | 'deny', callbackPath = '/connections/oauth/callback'): Promise<Callback> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('Approve');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(name!, value!.replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code))));
  }
  form.set('decision', decision);
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const answer = await fetch(new URL(action, authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe(callbackPath);
  return Object.fromEntries(back.searchParams);
}

/** Starts a sign-in for a new connection (or a saved one, by id) and answers the vendor's authorize URL. */
export async function startSignIn(api: Api, type: string, target: { connection?: Json; connection_id?: string }): Promise<string> {
  const started = await api('POST', `/api/connections/oauth/${type}/start`, target);
  expect(started.status, started.text).toBe(200);
  return String(started.body['url']);
}

/** Hands the callback's query to the API, as the web app's callback page does. */
export const completeSignIn = (api: Api, callback: Callback) => api('POST', '/api/connections/oauth/complete', callback);

/** A whole sign-in approved: the saved connection's answer. */
export async function connectWith(api: Api, type: string, target: { connection?: Json; connection_id?: string }): Promise<Answer> {
  return completeSignIn(api, await consent(await startSignIn(api, type, target), 'approve'));
}

/**
 * A sign-in of `connection` approved while the vendor's access tokens last `seconds` (later ones last `usual`),
 * verified and shown as made with `provider`, its credentials flagged as `credentials` says; the connection's id.
 */
export async function connectLasting(
  api: Api, profile: Pick<OAuthProfile, 'expiresIn'>, lasting: { seconds: number; usual: number },
  connection: Json, expected: { provider: string; credentials: Record<string, boolean> },
): Promise<string> {
  profile.expiresIn = lasting.seconds;
  const saved = await connectWith(api, String(connection['connection_type']), { connection }).finally(() => void (profile.expiresIn = lasting.usual));
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body['verification'], saved.text).toMatchObject({ ok: true });
  expect(saved.body['connection']).toMatchObject({ connectedWith: expected.provider, credentials: expected.credentials });
  return String((saved.body['connection'] as Json)['id']);
}

/** What the refresh checks need of an OAuth stand-in. */
type Vendor = Pick<OAuthFake, 'log' | 'expire' | 'accessTokens'>;

const refreshesAt = (oauth: Vendor) => oauth.log.filter((entry) => entry.kind === 'refresh_token');
const checkWorks = async (api: Api, id: string) => {
  const check = (await api('POST', `/api/connections/${id}/verify`)).body;
  expect(check['verification'], JSON.stringify(check)).toMatchObject({ ok: true });
};

/**
 * A push of two tickets of `project` and three checks of the connection at once, its token due for a refresh: all
 * succeed, and the rotated refresh token was spent once.
 */
export async function expectOneRefreshUnderLoad(api: Api, oauth: Vendor, id: string, project: string): Promise<void> {
  const ticketIds = Object.values(await createTickets(api, [{ title: `${project}: first` }, { title: `${project}: second` }], project));
  const before = refreshesAt(oauth).length;
  const [pushed] = await Promise.all([pushAndWait(api, id, { ticketIds }), checkWorks(api, id), checkWorks(api, id), checkWorks(api, id)]);
  expect(pushed['successfulPushes'], JSON.stringify(pushed)).toBe(ticketIds.length);
  expect(refreshesAt(oauth).slice(before)).toEqual([{ kind: 'refresh_token', outcome: 'issued' }]);
}

/** The vendor refuses every refresh token from now on: a push of the connection `name` asks, in words, to connect again. */
export async function expectReconnectionAsked(api: Api, oauth: Pick<OAuthFake, 'refuseRefreshTokens'>, id: string, name: string, provider: string): Promise<Json> {
  oauth.refuseRefreshTokens();
  const ids = await createTickets(api, [{ title: `${name}: lapsed` }], name);
  const result = await pushAndWait(api, id, { ticketIds: Object.values(ids) });
  expect(JSON.stringify(result)).toContain(`The connection '${name}' must be connected again: ${provider} no longer accepts its sign-in. Open it on the Connections page and choose \\"Reconnect with ${provider}\\".`);
  return result;
}

/** Deleting the connection asks the vendor nothing, for one that offers apps no revocation. */
export async function expectDeletedWithoutRevocation(api: Api, oauth: Pick<OAuthFake, 'log'>, id: string): Promise<void> {
  const before = oauth.log.length;
  const deleted = await api('DELETE', `/api/connections/${id}`);
  expect(deleted.status, deleted.text).toBe(204);
  expect(oauth.log.slice(before)).toEqual([]);
}

/** The vendor stops honouring the connection's token early: a check refreshes once and works. */
export async function expectRefreshAfterRefusal(api: Api, oauth: Vendor, id: string): Promise<void> {
  oauth.expire(oauth.accessTokens().at(-1)!);
  const before = refreshesAt(oauth).length;
  await checkWorks(api, id);
  expect(refreshesAt(oauth).length).toBe(before + 1);
}
