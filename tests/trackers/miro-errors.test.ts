// How the `miro` tracker reports each failure Miro answers with: the kind the push workflow acts on, Miro's own
// words, the fields it refused, when to try again, and a call cut short by its signal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchHttp, sampleTicket } from '../../core/plugins/testkit.ts';
import type { TrackerContext } from '../../plugins/sdk/index.ts';
import { MIRO_API } from '../../plugins/trackers/miro/client.ts';
import { miroTracker } from '../../plugins/trackers/miro/index.ts';
import { startVendorFake, type VendorFake } from '../support/vendor-fake.ts';
import { CARDS, miroError } from './miro-fake.ts';

const BOARD = { id: 'uXjVOfjkmAk=', type: 'board', name: 'Sprint planning', description: '', viewLink: 'https://miro.com/app/board/uXjVOfjkmAk=' };

const created = { status: 201, body: { id: '3458764517517852417', type: 'card', data: { title: 'Fix the login timeout on mobile' } } };

let fake: VendorFake;
const pushing = (signal?: AbortSignal) => miroTracker.create(sampleTicket({ tags: [] }), {
  settings: { config: { projectIdentifier: BOARD.id }, credentials: { accessToken: 'miro-token' } },
  http: (request) => fetchHttp({ ...request, url: request.url.replace(MIRO_API, fake.url) }),
  ...(signal ? { signal } : {}),
} satisfies TrackerContext);

beforeEach(async () => {
  fake = await startVendorFake('miro', {
    'GET /v2/boards/{board_id}': () => ({ status: 200, body: BOARD }),
    'GET /v2/boards/{board_id}/items': () => ({ status: 200, body: { data: [], total: 0, size: 0, limit: 50 } }),
    'GET /v2/boards/{board_id}/tags': () => ({ status: 200, body: { data: [], total: 0, size: 0, offset: 0, limit: 50 } }),
    'POST /v2/boards/{board_id}/tags': () => ({ status: 201, body: { id: '3458764517517819001', title: 'Priority: High', fillColor: 'red', type: 'tag' } }),
    'POST /v2/boards/{board_id}/items/{item_id}': () => ({ status: 204 }),
    [CARDS]: () => created,
  });
});
afterEach(async () => {
  expect(fake.violations).toEqual([]);
  await fake.close();
});

describe('miro tracker: failures', () => {
  it('reports a refused token as auth', async () => {
    fake.routes[CARDS] = () => miroError(401, 'tokenNotProvided', 'Authorization token not provided');
    await expect(pushing()).rejects.toMatchObject({ kind: 'auth', status: 401, message: expect.stringMatching(/^Miro refused the access token/) });
  });

  it.each([
    [403, 'forbidden', "The access token may not change the board 'uXjVOfjkmAk=': its owner must share it with you as an editor. (Insufficient permissions)"],
    [404, 'not_found', "Miro has no board with the id 'uXjVOfjkmAk=', or the token's team cannot see it. (Board not found)"],
    [500, 'transient', 'Internal server error'],
    [503, 'transient', 'Service temporarily unavailable'],
  ])('reports a %i as %s', async (status, kind, message) => {
    const said = message.match(/\(([^)]+)\)$/)?.[1] ?? message;
    fake.routes[CARDS] = () => miroError(status, 'error', said);
    await expect(pushing()).rejects.toMatchObject({ kind, status, message });
  });

  it('reports a 400 with the fields Miro refused', async () => {
    fake.routes[CARDS] = () => miroError(400, '2.0703', 'Invalid parameters', {
      context: { fields: [{ field: 'data.assigneeId', message: 'User with id 42 is not a board member', reason: 'invalidValue' }] },
    });
    await expect(pushing()).rejects.toMatchObject({
      kind: 'validation', status: 400, fields: { 'data.assigneeId': 'User with id 42 is not a board member' },
      message: 'Invalid parameters data.assigneeId: User with id 42 is not a board member',
    });
  });

  it('reports a 429 as rate limited until Retry-After', async () => {
    fake.routes[CARDS] = () => ({ ...miroError(429, 'tooManyRequests', 'Too many requests'), headers: { 'retry-after': '17' } });
    const before = Date.now();
    const error = (await pushing().catch((failure: unknown) => failure)) as { kind: string; retryAt: string };
    expect(error.kind).toBe('rate_limited');
    expect(Date.parse(error.retryAt) - before).toBeGreaterThanOrEqual(16_000);
    expect(Date.parse(error.retryAt) - before).toBeLessThanOrEqual(18_000);
  });

  it('leaves out tags the board or the card cannot take rather than fail the push', async () => {
    fake.routes['POST /v2/boards/{board_id}/tags'] = () => miroError(400, '2.0401', 'The board has reached the maximum number of tags');
    await expect(pushing()).resolves.toMatchObject({ externalId: '3458764517517852417' });
    expect(fake.requests.filter((request) => request.operation === 'POST /v2/boards/{board_id}/items/{item_id}')).toEqual([]);
    fake.routes['POST /v2/boards/{board_id}/tags'] = () => ({ status: 201, body: { id: '3458764517517819001', title: 'Priority: High', fillColor: 'red', type: 'tag' } });
    fake.routes['POST /v2/boards/{board_id}/items/{item_id}'] = () => miroError(400, '2.0401', 'Maximum number of tags reached');
    await expect(pushing()).resolves.toMatchObject({ externalId: '3458764517517852417' });
  });

  it('stops waiting when its signal times out, with the signal\'s reason', async () => {
    fake.routes[CARDS] = () => new Promise((resolve) => setTimeout(() => resolve({ ...created, headers: { connection: 'close' } }), 500));
    const started = Date.now();
    await expect(pushing(AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(450);
  });
});
