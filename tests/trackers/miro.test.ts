// The `miro` tracker against a stateful stand-in of Miro's REST API that checks every request against the vendor's
// contract: the card it creates and where, its tags, the members it finds, the marker it finds again, links and
// verification.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertTrackerContract, fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { TrackerContext, TrackerHttp } from '../../plugins/sdk/index.ts';
import { markerOf } from '../../plugins/sdk/index.ts';
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import { startVendorFake, type VendorFake, type VendorReply, type VendorRequest } from '../support/vendor-fake.ts';

const BOARD_ID = 'uXjVOfjkmAk=';
const USER = { id: '3458764516184293833', name: 'Ada Lovelace' };
const CARDS = 'POST /v2/boards/{board_id}/cards';
const ITEMS = 'GET /v2/boards/{board_id}/items';
const TAGS = '/v2/boards/{board_id}/tags';
const ATTACH = 'POST /v2/boards/{board_id}/items/{item_id}';
/**
 * The contract's item `data` is a oneOf of nine item shapes, most of which require nothing, so a card's data matches
 * the embed and card shapes both and no listed card can satisfy it: that finding is the contract's.
 */
const ONE_OF_ITEM_DATA = /^GET \/v2\/boards\/\{board_id\}\/items: the scripted 200 answer does not match the response schema: .*\/data\/\d+\/data must match exactly one schema in oneOf$/;

const error = (status: number, code: string, message: string, extra: object = {}): VendorReply => ({ status, body: { status, code, message, type: 'error', ...extra } });
const member = (id: string, name: string) => ({ id, name, role: 'editor', type: 'board_member' });
const stamp = { createdAt: '2026-11-20T09:00:00Z', modifiedAt: '2026-11-20T09:00:00Z', createdBy: { id: USER.id, type: 'user' }, modifiedBy: { id: USER.id, type: 'user' } };

interface StoredCard {
  id: string; type: 'card'; data: { title?: string; description?: string }; position: { x: number; y: number; origin: 'center'; relativeTo: 'canvas_center' };
  geometry: { width: number; height: number }; tagIds: string[];
}

/** A board as far as the tracker uses it: its cards (read 50 a page by cursor), tags, members and connectors. */
function miroBoard() {
  const cards: StoredCard[] = [];
  const tags: { id: string; title: string; fillColor: string; type: 'tag' }[] = [{ id: '3458764517517819000', title: 'mobile', fillColor: 'cyan', type: 'tag' }];
  const connectors: unknown[] = [];
  const members = [...Array.from({ length: 50 }, (_, i) => member(String(3458764516184290000n + BigInt(i)), `Guest ${i + 1}`)), { ...member(USER.id, USER.name), role: 'owner' },
    member('3458764516184293840', 'Alex Kim'), member('3458764516184293841', 'Alex Kim')];
  const addCard = (x: number, y: number, data: StoredCard['data'] = { title: 'Existing' }) => {
    const card: StoredCard = { id: String(3458764517517852417n + BigInt(cards.length)), type: 'card', data, position: { x, y, origin: 'center', relativeTo: 'canvas_center' }, geometry: { width: 320, height: 94 }, tagIds: [] };
    cards.push(card);
    return card;
  };
  const view = ({ tagIds: _tags, ...card }: StoredCard) => ({ ...card, ...stamp, links: { self: `${MIRO_API}/v2/boards/${BOARD_ID}/cards/${card.id}` } });
  const paged = <T>(all: T[], query: URLSearchParams) => {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    return { data: all.slice(offset, offset + limit), total: all.length, size: Math.min(limit, Math.max(all.length - offset, 0)), offset, limit, type: 'list' };
  };
  const routes = {
    'GET /v1/oauth-token': () => ({ status: 200, body: {
      type: 'oauth', organization: { type: 'organization', name: 'Acme Inc', id: '3458764516184293830' }, team: { type: 'team', name: 'Acme', id: '3458764516184293832' },
      createdBy: { type: 'user', ...USER }, user: { type: 'user', ...USER }, scopes: ['boards:read', 'boards:write'],
    } }),
    'GET /v2/boards/{board_id}': ({ params }: VendorRequest) => (params.board_id === BOARD_ID
      ? { status: 200, body: { id: BOARD_ID, type: 'board', name: 'Sprint planning', description: 'Tickets from the weekly sync', viewLink: `https://miro.com/app/board/${BOARD_ID}`,
        team: { id: '3458764516184293832', name: 'Acme', type: 'team' }, owner: { ...USER, type: 'user' }, currentUserMembership: { ...USER, role: 'owner', type: 'board_member' } } }
      : error(404, 'notFound', 'Board not found')),
    'GET /v2/boards/{board_id}/members': ({ query }: VendorRequest) => ({ status: 200, body: paged(members, query) }),
    [`GET ${TAGS}`]: ({ query }: VendorRequest) => ({ status: 200, body: paged(tags, query) }),
    [`POST ${TAGS}`]: ({ body }: VendorRequest) => {
      const tag = { id: String(3458764517517819001n + BigInt(tags.length)), type: 'tag' as const, ...(body as { title: string; fillColor: string }) };
      tags.push(tag);
      return { status: 201, body: tag };
    },
    [CARDS]: ({ body }: VendorRequest) => {
      const { data, position } = body as { data: StoredCard['data']; position: { x: number; y: number } };
      return { status: 201, body: view(addCard(position.x, position.y, data)) };
    },
    [ITEMS]: ({ query }: VendorRequest) => {
      const offset = Number(query.get('cursor') ?? 0);
      const limit = Number(query.get('limit'));
      const page = cards.slice(offset, offset + limit).map(view);
      return { status: 200, body: { data: page, total: cards.length, size: page.length, limit, ...(offset + limit < cards.length ? { cursor: String(offset + limit) } : {}) } };
    },
    [ATTACH]: ({ params, query }: VendorRequest) => {
      cards.find((card) => card.id === params.item_id)?.tagIds.push(query.get('tag_id')!);
      return { status: 204 };
    },
    'POST /v2/boards/{board_id}/connectors': ({ body }: VendorRequest) => {
      connectors.push(body);
      return { status: 200, body: { id: '3458764517517900000', type: 'connector', isSupported: true, ...(body as object), ...stamp } };
    },
  };
  return { cards, tags, connectors, addCard, routes };
}

let fake: VendorFake;
let board: ReturnType<typeof miroBoard>;
/** Miro's address, answered by the stand-in. */
const http: TrackerHttp = (request) => fetchHttp({ ...request, url: request.url.replace(MIRO_API, fake.url) });
const settings = { config: { projectIdentifier: BOARD_ID }, credentials: { accessToken: 'eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_token' } };
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
    fake.routes['GET /v2/boards/{board_id}'] = () => error(403, 'forbidden', 'Access to the board is forbidden');
    await expect(miroTracker.verify(context)).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/^The access token may not change the board 'uXjVOfjkmAk='/) });
    fake.routes['GET /v2/boards/{board_id}'] = () => ({ status: 200, body: { id: BOARD_ID, type: 'board', name: 'Sprint planning', description: '', currentUserMembership: { ...USER, role: 'viewer', type: 'board_member' } } });
    await expect(miroTracker.verify(context)).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/^Ada Lovelace is a viewer of the board 'Sprint planning'/) });
  });

  it('keeps the tracker contract', async () => {
    await assertTrackerContract(miroTracker, { settings, http, assignee: USER });
  });
});
