// Every route that takes a body refuses JSON nested too deep, cheaply and in words, takes very wide JSON without a
// 500, and refuses text that cannot be stored (NUL, lone UTF-16 surrogates) in values and field names alike. The
// routes are read from the OpenAPI document, so a new route is covered as soon as it is declared.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '../../server/api-types.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

const document = describeApi() as { paths: Record<string, Record<string, { operationId: string; security: object[] }>> };
const t = useTestApp();
let token: string;

beforeAll(async () => {
  ({ token } = await signUpVerified(t.base, t.db));
});

/** Every operation that takes a JSON body (a DELETE's body is never read; the multipart upload has its own tests). */
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method, operation]) => ['post', 'put', 'patch'].includes(method) && operation.operationId !== 'uploadTranscript')
    .map(([method, operation]) => ({
      id: operation.operationId, method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, crypto.randomUUID()),
      // Only a signed-in user may call it: signed out, the router refuses it before reading anything it sent.
      signedInOnly: operation.security.some((alternative) => 'cookieAuth' in alternative) && operation.security.every((alternative) => Object.keys(alternative).length > 0),
    })),
);

async function send(operation: (typeof operations)[number], body: string, signedIn: boolean) {
  const response = await fetch(`${t.base}${operation.path}`, {
    method: operation.method,
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...(signedIn ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await response.text();
  return { status: response.status, error: (JSON.parse(text || '{}') as { error?: string }).error, text };
}

const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const DEEP_ARRAY = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const WIDE_ARRAY = `{"tags":[${'"x",'.repeat(200_000)}"x"]}`;
const WIDE_OBJECT = `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;
const DEPTH_ERROR = 'Invalid request: the body is nested more than 32 levels deep.';

describe('deep and wide JSON', () => {
  it('routes are found', () => expect(operations.length).toBeGreaterThanOrEqual(20));

  it.each(operations.map((operation) => [operation.id, operation] as const))('%s refuses deep JSON in words and takes wide JSON without a 500', async (_id, operation) => {
    // Signed in too, except where the call would end the session the other tests use.
    for (const signedIn of operation.id === 'logout' ? [false] : [false, true]) {
      const refusal = !signedIn && operation.signedInOnly ? { status: 401, error: 'Authentication required.' } : { status: 400, error: DEPTH_ERROR };
      expect(await send(operation, DEEP_OBJECT, signedIn), `${operation.id} deep object`).toMatchObject(refusal);
      expect(await send(operation, DEEP_ARRAY, signedIn), `${operation.id} deep array`).toMatchObject(refusal);
      for (const wide of [WIDE_ARRAY, WIDE_OBJECT]) {
        const answer = await send(operation, wide, signedIn);
        expect(answer.status, `${operation.id}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
      }
    }
  });

  it('takes a body nested exactly as deep as allowed to its schema check', async () => {
    const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });
    const login = operations.find((operation) => operation.id === 'login')!;
    const allowed = await send(login, JSON.stringify({ email: 'a@example.com', password: 'secret', extra: nested(30) }), false);
    expect(allowed.error).not.toMatch(/nested/);
    const over = await send(login, JSON.stringify({ email: 'a@example.com', password: 'secret', extra: nested(32) }), false);
    expect(over).toMatchObject({ status: 400, error: DEPTH_ERROR });
  });
});

describe('text that cannot be stored', () => {
  const ticket = { title: 'Fix the login', description: 'Users are logged out.', priority: 'High', status: 'ToDo', project: 'Web' };
  const createTicket = operations.find((operation) => operation.id === 'createTicket')!;
  const SURROGATE = 'contains a lone UTF-16 surrogate (such as \\ud800), which is not valid Unicode text.';

  it.each([
    ['a tag', { ...ticket, tags: ['ok', 'b\ud800d'] }, `Invalid request: tags.1 ${SURROGATE}`],
    ['a title ending in half a pair', { ...ticket, title: 'Fix \ud83d' }, `Invalid request: title ${SURROGATE}`],
    ['a low surrogate alone', { ...ticket, description: '\udc00' }, `Invalid request: description ${SURROGATE}`],
    ['a field name', { ...ticket, ['x\ud800']: 1 }, `Invalid request: a field name in body ${SURROGATE}`],
    ['a NUL in a field name', { ...ticket, ['x\u0000']: 1 }, 'Invalid request: a field name in body contains a NUL character (\\u0000), which cannot be stored.'],
  ])('%s answers 400 naming the field', async (_what, body, error) => {
    expect(await send(createTicket, JSON.stringify(body), true)).toMatchObject({ status: 400, error });
  });

  it('takes whole surrogate pairs (emoji) as they are', async () => {
    const answer = await send(createTicket, JSON.stringify({ ...ticket, title: 'Ship it 🚀', tags: ['🎉'] }), true);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text).ticket).toMatchObject({ title: 'Ship it 🚀', tags: ['🎉'] });
  });
});
