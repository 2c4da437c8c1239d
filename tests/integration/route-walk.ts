// The API's declared routes, read from its OpenAPI document, for tests that walk every one of them: a route is
// covered as soon as it is declared.
import { describeApi } from '../../server/api-types.ts';
import { CONNECTION_ENV } from './connections-support.ts';

/**
 * A server for the walk: the tracker plugin of the connection tests, a meeting bot configured (its service never
 * reached: every bot asked for is one that has ended or one out of reach) and "Connect with GitHub" set up (GitHub
 * never reached: the connection to reconnect is out of reach).
 */
export const WALK_ENV = {
  ...CONNECTION_ENV, MEETING_BOT_PROVIDER: 'recall', MEETING_BOT_API_KEY: 'recall-key', MEETING_BOT_BASE_URL: 'http://127.0.0.1:9',
  MEETING_BOT_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', MEETING_BOT_POLL_INTERVAL_MS: '3600000',
  GITHUB_OAUTH_CLIENT_ID: 'Iv1.0123456789abcdef', GITHUB_OAUTH_CLIENT_SECRET: 'github-app-secret',
};

interface Operation { operationId: string; security: Record<string, unknown>[]; 'x-tickscribe-role'?: string }
const document = describeApi() as { paths: Record<string, Record<string, Operation>> };

export const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    id: operation.operationId, method: method.toUpperCase(), path, security: operation.security, role: operation['x-tickscribe-role'],
  })));
export type RouteOperation = (typeof operations)[number];

/** The routes only a signed-in caller may call. */
export const signedInOnly = operations.filter((operation) =>
  operation.security.some((alternative) => 'cookieAuth' in alternative) && operation.security.every((alternative) => Object.keys(alternative).length > 0));
/** Of those, the ones with ids in their path. */
export const withIds = signedInOnly.filter((operation) => operation.path.includes('{'));

/** A JSON call without redirects; the answer's body parsed when it is JSON. */
export const send = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  fetch(`${base}${path}`, {
    method, redirect: 'manual',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: (await response.json().catch(() => ({}))) as { error?: string } & Record<string, unknown> }));

/**
 * The path with the resources of `owned` in it: `{id}` is the resource its path's collection names (tickets,
 * transcripts, connections, bots), any other parameter the resource of its own name.
 */
export function pathWith(owned: Record<string, string>, path: string): string {
  const collection = /^\/api\/(?:recall\/)?(\w+)/.exec(path)?.[1] ?? '';
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const key = name === 'id' ? collection : name;
    if (!(key in owned)) throw new Error(`${path}: no owned resource for {${name}}; teach this test one.`);
    return encodeURIComponent(owned[key]!);
  });
}
