// "Connect with Miro" through the real app against stand-ins of Miro's OAuth endpoints and of its REST API, for an app
// with expiring tokens (Miro's recommended setting: one hour, refresh token 60 days, both replaced at each refresh):
// the connection keeps working past the hour because it refreshes, a rotated refresh token is spent once even when
// several requests need it at once, a refresh refused after the 60 days asks to connect again in words, and deleting
// the connection revokes its token at Miro.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { BOARD_ID, miroBoard, miroError, ONE_OF_ITEM_DATA } from '../trackers/miro-fake.ts';
import { miroProfile, requiringLiveTokens, startOAuthFake } from '../trackers/oauth-fake.ts';
import type { Json } from './connections-support.ts';
import { connectLasting, consent, expectOneRefreshUnderLoad, expectReconnectionAsked, expectRefreshAfterRefusal, startSignIn } from './oauth-support.ts';
import { createTickets, pushAndWait, usePushApp } from './push-support.ts';

const profile = miroProfile();
const CLIENT = { id: '3458764516184293999', secret: 'miro-oauth-secret-7c1d' };
const oauth = await startOAuthFake(profile, CLIENT);
const { api, t } = usePushApp({ MIRO_OAUTH_CLIENT_ID: CLIENT.id, MIRO_OAUTH_CLIENT_SECRET: CLIENT.secret, MIRO_OAUTH_URL: oauth.url });
const board = miroBoard();
let miro: VendorFake;

beforeAll(async () => {
  oauth.client.redirectUri = `${t.app.url}/connections/oauth/callback`;
  // Miro answers a token it does not honour with 400 "Invalid token provided" on /v1/oauth-token, 401 elsewhere.
  miro = await startVendorFake('miro', requiringLiveTokens(board.routes, oauth, ({ operation }) => (operation === 'GET /v1/oauth-token'
    ? miroError(400, 'invalidToken', 'Invalid token provided')
    : miroError(401, 'tokenNotProvided', 'Invalid access token'))));
});
afterAll(async () => {
  expect(miro.violations.filter((violation) => !ONE_OF_ITEM_DATA.test(violation))).toEqual([]);
  expect(oauth.violations).toEqual([]);
  await miro.close();
  await oauth.close();
});

const form = (name: string): Json => ({
  name, project_identifier: BOARD_ID, connection_type: 'miro', credentials: { miro: {} },
  settings: { baseUrl: miro.url, projectMappings: [name], userMappings: {} },
});
const refreshes = () => oauth.log.filter((entry) => entry.kind === 'refresh_token');
const verify = async (id: string) => (await api('POST', `/api/connections/${id}/verify`)).body;

/** Connects with the access token lasting `seconds` (later ones last Miro's hour); the connection's id. */
const connectFor = (name: string, seconds: number) =>
  connectLasting(api, profile, { seconds, usual: 3599 }, form(name), { provider: 'Miro', credentials: { accessToken: true } });

describe('Connect with Miro, for an app with expiring tokens', () => {
  it('connects at Miro and pushes a card with the token it gave', async () => {
    const url = new URL(await startSignIn(api, 'miro', { connection: form('Board') }));
    expect(`${url.origin}${url.pathname}`).toBe(`${oauth.url}/oauth/authorize`);
    expect(url.searchParams.has('scope')).toBe(false);
    const callback = await consent(url.href, 'approve');
    expect(callback['state']).toBe(url.searchParams.get('state'));
    const saved = await api('POST', '/api/connections/oauth/complete', callback);
    expect(saved.status, saved.text).toBe(200);
    const id = String((saved.body['connection'] as Json)['id']);
    const ids = await createTickets(api, [{ title: 'Sketch the onboarding flow' }], 'Board');
    const result = await pushAndWait(api, id, { ticketIds: Object.values(ids) });
    expect(result['successfulPushes'], JSON.stringify(result)).toBe(1);
    expect(board.cards.some((card) => card.data.title === 'Sketch the onboarding flow')).toBe(true);
    // Within the hour nothing is refreshed.
    expect(refreshes()).toEqual([]);
  });

  it('refreshes a token near the end of its hour, and Miro refuses the old access token afterwards', async () => {
    const id = await connectFor('Hourly', 120);
    const old = oauth.accessTokens().at(-1)!;
    const before = refreshes().length;
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect(refreshes().length).toBe(before + 1);
    expect(oauth.live(old)).toBe(false);
    // The next use is within the new hour: no second refresh.
    expect((await verify(id))['verification']).toMatchObject({ ok: true });
    expect(refreshes().length).toBe(before + 1);
  });

  it('spends a rotated refresh token once when a push and checks need it at the same time', async () => {
    await expectOneRefreshUnderLoad(api, oauth, await connectFor('Busy board', 120), 'Busy board');
  });

  it('refreshes once and tries again when Miro refuses the token before its hour is up', async () => {
    await expectRefreshAfterRefusal(api, oauth, await connectFor('Revoked early', 3599));
  });

  it('revokes the token at Miro when the connection is deleted', async () => {
    const id = await connectFor('Short lived', 3599);
    const token = oauth.accessTokens().at(-1)!;
    expect((await api('DELETE', `/api/connections/${id}`)).status).toBe(204);
    expect(oauth.log.at(-1)).toEqual({ kind: 'revoke', outcome: 'revoked' });
    expect(oauth.live(token)).toBe(false);
  });

  it('asks to connect again, in words, once Miro refuses the refresh token (past its 60 days)', async () => {
    const id = await connectFor('Lapsed board', 120);
    await expectReconnectionAsked(api, oauth, id, 'Lapsed board', 'Miro');
    const listed = ((await api('GET', '/api/connections')).body['connections'] as Json[]).find((connection) => connection['id'] === id)!;
    expect(listed['lastVerification']).toMatchObject({ ok: false, kind: 'auth' });
  });
});
