/**
 * The OpenAPI 3.1 description of the declared routes: their schemas as components, who may call each one (the
 * bearer and cookie security schemes), and every error status it can answer — the ones a route declares, plus
 * those its declaration implies (a schema answers 400, a session 401, an id 404, a cookie from another site 403,
 * a body in another encoding 415).
 */
import { schemaId, type JsonSchema } from '../core/schema/registry.ts';
import { SESSION_COOKIE } from './middleware/auth.ts';
import type { RouteDefinition } from './routing.ts';
import { WORKSPACE_HEADER } from '../core/workspaces/roles.ts';

const ERROR_SCHEMA = 'api/error.schema.json';

export interface ApiInfo {
  title: string;
  version: string;
  description: string;
  license: { name: string; identifier?: string; url?: string };
}

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token from POST /auth/login (or, for /auth/update-user, the token_hash of a reset link).',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The HttpOnly session cookie set at login. Requests that change something must come from the app’s own origin.',
  },
};

const TAGS: Record<string, string> = {
  auth: 'Accounts: sign-up, e-mail verification, sessions, passwords.',
  transcripts: 'Uploading transcripts and following their processing.',
  tickets: 'The tickets found in meetings: listing, searching, editing.',
  workspaces: 'The workspaces a user belongs to, and their role in each.',
  connections: 'Project connections to trackers (GitHub, Jira, Azure DevOps, Miro, webhooks, third-party plugins) and their checks.',
  'token usage': "The plan's monthly token credits and their use.",
  billing: 'Plans, Stripe subscriptions, the customer portal, payments and Stripe webhooks.',
  bots: 'Meeting bots: sending a recorder into a meeting, following it, and the bot services\' webhooks.',
  system: 'Health of the installation.',
  development: 'Helpers that exist only outside production.',
};

const SECURITY: Record<NonNullable<RouteDefinition['auth']> | 'none', object[]> = {
  session: [{ bearerAuth: [] }, { cookieAuth: [] }],
  optional: [{ bearerAuth: [] }, { cookieAuth: [] }, {}],
  bearer: [{ bearerAuth: [] }],
  none: [],
};

/** The workspace a signed-in request acts in; the caller's role there decides what they may do. */
const WORKSPACE_PARAMETER = {
  name: WORKSPACE_HEADER, in: 'header', required: false, schema: { type: 'string', format: 'uuid' },
  description: "The workspace the request acts in; without it, the caller's personal workspace.",
};

/** The error statuses a route's declaration implies, beside those it declares. */
function impliedErrors(route: RouteDefinition): Record<number, string> {
  const changes = route.method !== 'get';
  const usesCookie = route.auth === 'session' || route.auth === 'optional';
  const errors: Record<number, string> = {};
  if (route.body || route.query || route.path.includes('{')) errors[400] = 'The request breaks its schema; the message names the field.';
  if (route.auth === 'session' || route.auth === 'bearer') errors[401] = 'Not signed in, or the session has ended.';
  const role = route.auth === 'session' ? route.role : 'account';
  const roleRefused = role === 'admin' || role === 'owner' ? `The caller's role in the workspace is below ${role}; the message says which role it needs.` : undefined;
  const crossSite = changes && usesCookie ? 'Sent with the session cookie from another site.' : undefined;
  if (crossSite || roleRefused) errors[403] = [crossSite, roleRefused].filter(Boolean).join(' Or: ');
  const notFound = [
    ...(route.path.includes('{id}') ? ['Not found (or not yours: both answer alike).'] : []),
    ...(role !== 'account' ? [`The workspace ${WORKSPACE_HEADER} names is none of the caller's.`] : []),
  ];
  if (notFound.length) errors[404] = notFound.join(' Or: ');
  if (changes && route.method !== 'delete') errors[415] = 'A body that is not JSON (or, for an upload, multipart/form-data).';
  return errors;
}

export function buildOpenApi(routes: RouteDefinition[], info: ApiInfo, schemas: Map<string, JsonSchema>): object {
  const components: Record<string, object> = {};
  const refTo = (file: string) => {
    const schema = schemas.get(file);
    if (!schema) throw new Error(`Schema ${file} is not in schemas/`);
    const name = schema.title ?? file;
    if (!(name in components)) {
      components[name] = {};
      components[name] = toComponent(schema, schemas, (target) => refTo(target).$ref);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  const errorBody = () => ({ content: { 'application/json': { schema: refTo(ERROR_SCHEMA) } } });
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const responses: Record<string, object> = {};
    for (const [status, description] of Object.entries(impliedErrors(route))) responses[status] = { description, ...errorBody() };
    for (const [status, response] of Object.entries(route.responses)) {
      const schema = response.schema ?? (Number(status) >= 400 ? ERROR_SCHEMA : undefined);
      responses[status] = {
        description: response.description,
        ...(schema ? { content: { 'application/json': { schema: refTo(schema) } } } : {}),
      };
    }
    responses['default'] = { description: 'An unexpected error, with a request id to quote.', ...errorBody() };
    const parameters = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...(route.auth === 'session' && route.role !== 'account' ? [WORKSPACE_PARAMETER] : []),
      ...queryParameters(route.query ? schemas.get(route.query) : undefined),
    ];
    (paths[route.path] ??= {})[route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      security: SECURITY[route.auth ?? 'none'],
      ...(route.auth === 'session' ? { 'x-tickscribe-role': route.role } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: refTo(route.body) } } } } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    };
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/', description: 'The Tickscribe installation that serves this document.' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, ...(TAGS[name] ? { description: TAGS[name] } : {}) })),
    paths,
    components: { schemas: components, securitySchemes: SECURITY_SCHEMES },
  };
}

function queryParameters(schema: JsonSchema | undefined): object[] {
  const properties = (schema?.['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name, in: 'query', required: required.has(name), schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

/** A schema as an OpenAPI component: no `$id`/`$schema`, and `$ref`s to other schema files point at components. */
function toComponent(schema: JsonSchema, schemas: Map<string, JsonSchema>, componentRef: (file: string) => string): object {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '$id' || key === '$schema') continue;
      if (key === '$ref' && typeof child === 'string') {
        const target = [...schemas.keys()].find((file) => child === schemaId(file));
        out[key] = target ? componentRef(target) : child;
        continue;
      }
      out[key] = rewrite(child);
    }
    return out;
  };
  return rewrite(schema) as object;
}
