// The `miro` tracker against a stateful stand-in of Miro's REST API that checks every request against the vendor's
// contract: the card it creates and where, its tags, the members it finds, the marker it finds again, links and
// verification; its search of cards like a ticket (the board's cards read and their titles matched here).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { TrackerContext, TrackerHttp } from '../../plugins/sdk/index.ts';
import { markerOf } from '../../plugins/sdk/index.ts';
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { ACCESS_TOKEN, BOARD_ID, CARDS, ITEMS, miroBoard, miroError, ONE_OF_ITEM_DATA, TAGS, USER } from './miro-fake.ts';

let fake: VendorFake;
let board: ReturnType<typeof miroBoard>;
/** Miro's address, answered by the stand-in. */
const http: TrackerHttp = (request) => fetchHttp({ ...request, url: request.url.replace(MIRO_API, fake.url) });
const settings = { config: { projectIdentifier: BOARD_ID }, credentials: { accessToken: ACCESS_TOKEN } };
const context: TrackerContext = { settings, http };
const sent = (operation: string) => fake.requests.filter((request) => request.operation === operation);

beforeEach(async () => {
  board = miroBoard();
  fake = await startVendorFake('miro', board.routes);
});
afterEach(async () => {
  expect(fake.violations.filter((violation) => !ONE_OF_ITEM_DATA.test(violation))).toEqual([]);
  await fake.close();
});

describe('miro tracker: create', () => {
  it('maps every field of the ticket onto a card, its tags and its place', async () => {
    const ticket = sampleTicket({ title: 'Fix <login> timeout', status: 'InProgress', assignee: { id: USER.id, name: USER.name } });
    const item = await miroTracker.create(ticket, context);

    const card = board.cards[0]!;
    expect(item).toEqual({ externalId: card.id, key: 'Fix <login> timeout', url: `https://miro.com/app/board/${BOARD_ID}?moveToWidget=${card.id}` });
    const [request] = sent(CARDS);
    expect(request!.headers.authorization).toBe(`Bearer ${settings.credentials.accessToken}`);
    expect(request!.body).toEqual({
      data: { title: 'Fix &lt;login&gt; timeout', description: expect.any(String), dueDate: '2026-12-04T12:00:00.000Z', assigneeId: USER.id },
      style: { cardTheme: '#f24726' },
      position: { x: 0, y: 0 },
    });
    const { description } = (request!.body as { data: { description: string } }).data;
    expect(description).toMatch(/^<p>Sessions on mobile end after a minute\.<\/p><p>Users are logged out mid-form\.<\/p><p><strong>Context<\/strong><\/p>/);
    for (const part of ['<p><strong>Effort</strong></p><p>Medium</p>', '<ul><li>Agree the session policy (SEC-1 https://tracker.example/SEC-1)</li></ul>', '<p><em>Grace, can you fix the login timeout on mobile by Friday?</em></p>']) {
      expect(description).toContain(part);
    }
    expect(description).toContain(`<p>Priority: High · Status: In Progress · Project: Web<br>Due: 2026-12-04<br>Tags: mobile, login flow<br>Tickscribe ticket: ${markerOf(ticket.id)}</p>`);
    expect(description).not.toMatch(/<h3>|<blockquote>/);

    expect(sent(`POST ${TAGS}`).map((tag) => tag.body)).toEqual([
      { title: 'Priority: High', fillColor: 'red' }, { title: 'Status: In Progress', fillColor: 'blue' },
      { title: 'Project: Web', fillColor: 'violet' }, { title: 'login flow', fillColor: 'cyan' },
    ]);
    const titles = card.tagIds.map((id) => board.tags.find((tag) => tag.id === id)!.title);
    expect(titles).toEqual(['Priority: High', 'Status: In Progress', 'Project: Web', 'mobile', 'login flow']);
  });

  it('lays new cards out in a grid beside the cards already there, reading the whole board', async () => {
    for (let i = 0; i < 60; i += 1) board.addCard(-5000 - i * 400, 0);
    board.addCard(0, 0);
    board.addCard(380, 20);
    const first = await miroTracker.create(sampleTicket({ tags: [], priority: 'Low' }), context);
    const second = await miroTracker.create(sampleTicket({ tags: [], dueDate: null }), context);
    expect(sent(CARDS).map((request) => (request.body as { position: object }).position)).toEqual([{ x: 720, y: 0 }, { x: 1080, y: 0 }]);
    expect(sent(ITEMS).map((request) => request.query.get('cursor'))).toEqual([null, '50', null, '50']);
    expect(first.externalId).not.toBe(second.externalId);
    expect((sent(CARDS)[1]!.body as { data: object }).data).not.toHaveProperty('dueDate');
  });
});

describe('miro tracker: members, markers and links', () => {
  it('resolves a board member by name or id, and never guesses between two of one name', async () => {
    expect(await miroTracker.resolveUser('ada lovelace', context)).toEqual(USER);
    expect(await miroTracker.resolveUser(USER.id, context)).toEqual(USER);
    expect(await miroTracker.resolveUser('Alex Kim', context)).toBeNull();
    expect(await miroTracker.resolveUser('Grace Hopper', context)).toBeNull();
    expect(sent('GET /v2/boards/{board_id}/members').slice(0, 2).map((request) => request.query.get('offset'))).toEqual(['0', '50']);
  });

  it('finds the card a ticket created by its marker, on any page, and not a longer marker', async () => {
    for (let i = 0; i < 55; i += 1) board.addCard(-5000, i * 200, { title: `Card ${i}`, description: `<p>${markerOf(`7${i}`)}</p>` });
    const ticket = sampleTicket({ id: '7' });
    const item = await miroTracker.create(ticket, context);
    expect(await miroTracker.findByMarker('7', context)).toEqual(item);
    expect(await miroTracker.findByMarker('never-pushed', context)).toBeNull();
    expect(await miroTracker.findByMarker('99', context)).toBeNull();
  });

  it('finds a marked card past the first thousand on a large board', async () => {
    for (let i = 0; i < 1_200; i += 1) board.addCard(-5000, i * 200, { title: `Card ${i}`, description: `<p>${markerOf(`big-${i}`)}</p>` });
    const found = await miroTracker.findByMarker('big-1150', context);
    expect(found).toMatchObject({ key: 'Card 1150' });
    expect(fake.requests.filter((request) => request.operation === ITEMS).length).toBeGreaterThanOrEqual(24);
  });

  it('draws an arrow from the card depended on to the card that depends on it', async () => {
    const dependency = await miroTracker.create(sampleTicket(), context);
    const item = await miroTracker.create(sampleTicket(), context);
    expect(await miroTracker.link(item, dependency, context)).toBe('linked');
    expect(board.connectors).toEqual([{
      startItem: { id: dependency.externalId, snapTo: 'auto' }, endItem: { id: item.externalId, snapTo: 'auto' },
      shape: 'elbowed', captions: [{ content: 'before' }], style: { endStrokeCap: 'stealth' },
    }]);
  });
});

describe('miro tracker: verify', () => {
  it('proves the token, then the board', async () => {
    expect(await miroTracker.verify(context)).toEqual({ account: 'Ada Lovelace (team Acme)', target: "the board 'Sprint planning'" });
  });

  it.each([401, 400])('says the token was refused when Miro answers %i', async (status) => {
    fake.routes['GET /v1/oauth-token'] = () => ({ status, body: { status, code: 'tokenNotProvided', message: 'Invalid token provided', type: 'error' } });
    await expect(miroTracker.verify(context)).rejects.toMatchObject({ kind: 'auth', message: expect.stringMatching(/^Miro refused the access token/) });
  });

  it('tells a missing board from one the token may not change', async () => {
    const elsewhere = { ...context, settings: { ...settings, config: { projectIdentifier: 'o9J_kzzzzzz=' } } };
    await expect(miroTracker.verify(elsewhere)).rejects.toMatchObject({
      kind: 'not_found', message: "Miro has no board with the id 'o9J_kzzzzzz=', or the token's team cannot see it. (Board not found)",
    });
    fake.routes['GET /v2/boards/{board_id}'] = () => miroError(403, 'forbidden', 'Access to the board is forbidden');
    await expect(miroTracker.verify(context)).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/^The access token may not change the board 'uXjVOfjkmAk='/) });
    fake.routes['GET /v2/boards/{board_id}'] = () => ({ status: 200, body: { id: BOARD_ID, type: 'board', name: 'Sprint planning', description: '', currentUserMembership: { ...USER, role: 'viewer', type: 'board_member' } } });
    await expect(miroTracker.verify(context)).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/^Ada Lovelace is a viewer of the board 'Sprint planning'/) });
  });

  it('keeps the tracker contract', async () => {
    await assertTrackerContract(miroTracker, { settings, http, assignee: USER });
  });
});

const query = (words: string[], limit = 10) => ({ title: words.join(' '), words, limit });

describe('miro tracker: search', () => {
  it('reads the board\'s cards and keeps those whose title shares words, most first, leaving out cards of tickets Done', async () => {
    const timeout = await miroTracker.create(sampleTicket({ title: 'Fix the login timeout on mobile' }), context);
    await miroTracker.create(sampleTicket({ title: 'Login page copy' }), context);
    await miroTracker.create(sampleTicket({ title: 'Login timeout on tablets', status: 'Done' }), context);
    const found = await miroTracker.search!(query(['login', 'timeout']), context);
    expect(found.map((card) => card.title)).toEqual(['Fix the login timeout on mobile', 'Login page copy']);
    expect(found[0]).toMatchObject({ ...timeout, excerpt: expect.stringMatching(/^Sessions on mobile end after a minute\./) });
    expect(fake.requests.filter((request) => request.operation === ITEMS).every((request) => request.query.get('type') === 'card')).toBe(true);
    expect(miroTracker.comment).toBeUndefined();
  });

  it('keeps hostile titles as words', async () => {
    await miroTracker.create(sampleTicket({ title: 'Secret <b>plan</b>' }), context);
    expect(await miroTracker.search!(query(['" OR 1=1', '<script>', '*']), context)).toEqual([]);
    expect((await miroTracker.search!(query(['<b>plan</b>']), context)).map((card) => card.title)).toEqual([]);
    expect((await miroTracker.search!(query(['plan']), context)).map((card) => card.title)).toEqual(['Secret <b>plan</b>']);
  });
});
