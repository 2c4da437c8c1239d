import Router from '@koa/router';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { HttpError } from './errors.ts';
import { JsonText } from '../core/json-text.ts';
import type { Authenticated } from '../core/users/accounts.ts';
import type { SessionRead } from '../core/users/session-lookup.ts';
import { roleRefusal, WORKSPACE_HEADER, WORKSPACE_NOT_FOUND, type RouteRole } from '../core/workspaces/roles.ts';
import type { Scope } from '../core/users/scope.ts';

/** Looks up a session token, with a route's read in the same round trip. */
export type Authenticate = (token: string, read?: SessionRead, workspace?: string) => Promise<(Authenticated & { read: Record<string, unknown> }) | undefined>;
import { describeError, getValidator } from '../core/schema/registry.ts';
import type { AppContext, AppState } from './context.ts';
import { once } from '../core/once.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseDefinition {
  description: string;
  /** Schema file under schemas/, e.g. `api/health.response.schema.json`. Omit for an empty body. */
  schema?: string;
}

export interface RouteInput<TBody, TQuery> {
  body: TBody;
  query: TQuery;
  params: Record<string, string>;
  /** The row of the route's `preload`, when the request is signed in and the route has one (all null: no match). */
  preloaded?: Record<string, unknown>;
}

/** What a route declared for signed-in users receives besides: the user and the session, checked by the router. */
export interface SignedInRouteInput<TBody, TQuery> extends RouteInput<TBody, TQuery>, Authenticated {
  /** The user acting in the request's workspace: what the route reads and writes within (a route of role 'account' has none). */
  scope: Scope;
}

type RouteResult<TResult> = Promise<TResult | JsonText<TResult>> | TResult | JsonText<TResult>;

interface RouteBase<TQuery> {
  method: HttpMethod;
  /** OpenAPI-style path: `/api/tickets/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Schema of the JSON request body; the request is refused with 400 when it does not match. */
  body?: string;
  /** Schema of the query string; values are coerced to the declared types and defaults filled in. */
  query?: string;
  /**
   * A read made in the same round trip as the session lookup, for what every open page repeats (the status poll, the
   * lists): its row reaches the handler as `preloaded`. Undefined: nothing to read for this input.
   */
  preload?(input: { params: Record<string, string>; query: TQuery }): SessionRead | undefined;
  /** Every status the route answers with on success, and its body. The first 2xx or 3xx is the default status. */
  responses: Record<number, ResponseDefinition>;
}

/**
 * A route for signed-in users (by bearer token or session cookie). The router refuses a request without a live
 * session with 401 before the handler runs, in every mode, and hands the handler the user and session.
 */
export interface SignedInRoute<TBody = unknown, TQuery = unknown, TResult = unknown> extends RouteBase<TQuery> {
  auth: 'session';
  /**
   * What the caller needs in the request's workspace (the one X-Workspace-Id names, else their personal one): a role
   * there, checked by the router before the handler runs (a workspace the caller is no member of answers 404, a
   * role below the one needed 403, in words), or 'account' for what is the user's own and no workspace's.
   */
  role: RouteRole;
  /** The 401's words (default 'Authentication required.'). */
  unauthenticated?: string;
  /**
   * Returns the response body, or the same already written as JSON; may set `ctx.status` to another declared
   * status first.
   */
  handler(ctx: AppContext, input: SignedInRouteInput<TBody, TQuery>): RouteResult<TResult>;
}

/**
 * A route anyone may call: omitted `auth`, 'optional' (signed in or not: `ctx.state.auth` says), or 'bearer' (a
 * bearer token other than a session's, e.g. a reset link's, which the handler checks).
 */
export interface OpenRoute<TBody = unknown, TQuery = unknown, TResult = unknown> extends RouteBase<TQuery> {
  auth?: 'optional' | 'bearer';
  handler(ctx: AppContext, input: RouteInput<TBody, TQuery>): RouteResult<TResult>;
}

export type RouteDefinition<TBody = unknown, TQuery = unknown, TResult = unknown> =
  SignedInRoute<TBody, TQuery, TResult> | OpenRoute<TBody, TQuery, TResult>;

const AUTHENTICATION_REQUIRED = 'Authentication required.';

/**
 * A route with its validators. Each is compiled on its first use, not when the route is declared: compiling every
 * route's schemas up front was a third of a start's work, for validators most processes use a few of.
 */
interface CompiledRoute {
  definition: RouteDefinition<never, never, unknown>;
  body?: () => ValidateFunction;
  query?: () => ValidateFunction;
  /** Query parameters declared as numbers: only plain decimal digits are coerced to them. */
  numericQuery: () => string[];
  responses: Map<number, (() => ValidateFunction) | undefined>;
  defaultStatus: number;
}


/**
 * The API's routes, declared with their JSON schemas. It validates requests (and, outside production,
 * responses), mounts them on a router, and describes them as OpenAPI 3.1, so a route documents itself.
 */
export class ApiRegistry {
  readonly #routes: CompiledRoute[] = [];
  readonly #ajv: Ajv2020;
  readonly #queryAjv: Ajv2020;
  readonly #validateResponses: boolean;
  readonly #authenticate: Authenticate;

  constructor(options: { ajv: Ajv2020; queryAjv: Ajv2020; validateResponses: boolean; authenticate: Authenticate }) {
    this.#ajv = options.ajv;
    this.#queryAjv = options.queryAjv;
    this.#validateResponses = options.validateResponses;
    this.#authenticate = options.authenticate;
  }

  route<TBody = undefined, TQuery = undefined, TResult = unknown>(
    definition: RouteDefinition<TBody, TQuery, TResult>,
  ): void {
    const statuses = Object.keys(definition.responses).map(Number);
    const defaultStatus = statuses.find((status) => status >= 200 && status < 400);
    if (defaultStatus === undefined) throw new Error(`${definition.operationId} declares no success (2xx or 3xx) response`);
    this.#routes.push({
      definition: definition as unknown as RouteDefinition<never, never, unknown>,
      body: definition.body ? once(() => getValidator(this.#ajv, definition.body!)) : undefined,
      query: definition.query ? once(() => getValidator(this.#queryAjv, definition.query!)) : undefined,
      numericQuery: once(() => (definition.query ? numericProperties(getValidator(this.#queryAjv, definition.query).schema) : [])),
      responses: new Map(
        statuses.map((status) => {
          const schema = definition.responses[status]?.schema;
          return [status, schema ? once(() => getValidator(this.#ajv, schema)) : undefined];
        }),
      ),
      defaultStatus,
    });
  }

  router(): Router<AppState> {
    const router = new Router<AppState>();
    for (const route of this.#routes) {
      const koaPath = route.definition.path.replace(/\{(\w+)\}/g, ':$1');
      router[route.definition.method](route.definition.operationId, koaPath, (ctx) => this.#handle(route, ctx));
    }
    return router;
  }

  /** The session of a request to a signed-in route, or 401 in the route's words. */
  #signedIn(definition: SignedInRoute<never, never, unknown>, ctx: AppContext): Authenticated {
    if (!ctx.state.auth) throw new HttpError(401, definition.unauthenticated ?? AUTHENTICATION_REQUIRED);
    if (definition.role !== 'account') {
      const { workspace } = ctx.state.auth;
      if (!workspace) throw new HttpError(404, WORKSPACE_NOT_FOUND);
      const refusal = roleRefusal(definition.role, workspace.role);
      if (refusal) throw new HttpError(403, refusal);
    }
    return ctx.state.auth;
  }

  /** The workspace the request names (X-Workspace-Id), if it names one. */
  #namedWorkspace(ctx: AppContext): string | undefined {
    return ctx.get(WORKSPACE_HEADER) || undefined;
  }

  /**
   * A request's problem with its body or query, in words. For a signed-in route, a caller without a live session is
   * told that first (401), whatever it sent, so nothing of the route's input is revealed to anyone signed out.
   */
  async #refuse(route: CompiledRoute, ctx: AppContext, problem: string): Promise<never> {
    const { definition } = route;
    if (definition.auth === 'session') {
      if (ctx.state.token && !ctx.state.auth) {
        const found = await this.#authenticate(ctx.state.token, undefined, this.#namedWorkspace(ctx));
        if (found) ctx.state.auth = { user: found.user, session: found.session, workspace: found.workspace };
      }
      this.#signedIn(definition, ctx);
    }
    throw new HttpError(400, `Invalid request: ${problem}`);
  }

  async #handle(route: CompiledRoute, ctx: AppContext): Promise<void> {
    const { definition } = route;
    if (definition.auth === 'session' && !ctx.state.token) this.#signedIn(definition, ctx);
    const body: unknown = (ctx.request as { body?: unknown }).body ?? {};
    const unstorable = findUnstorable({ path: ctx.params, query: ctx.query, body });
    if (unstorable) return this.#refuse(route, ctx, unstorable);
    const validBody = route.body?.();
    if (validBody && !validBody(body)) return this.#refuse(route, ctx, describeError(validBody.errors![0]!));
    const query: Record<string, unknown> = { ...ctx.query };
    // ajv would coerce 'Infinity', '0x10' and ' 5' to numbers (and Infinity passes its integer check).
    const notDecimal = route.numericQuery().find((name) => typeof query[name] === 'string' && !DECIMAL.test(query[name]));
    if (notDecimal) return this.#refuse(route, ctx, `${notDecimal} must be a number written in digits`);
    const validQuery = route.query?.();
    if (validQuery && !validQuery(query)) return this.#refuse(route, ctx, describeError(validQuery.errors![0]!, 'query'));
    const read = definition.preload?.({ params: ctx.params, query: query as never });
    let preloaded: Record<string, unknown> | undefined;
    if (ctx.state.token) {
      const found = await this.#authenticate(ctx.state.token, read, this.#namedWorkspace(ctx));
      if (found) {
        ctx.state.auth = { user: found.user, session: found.session, workspace: found.workspace };
        if (read) preloaded = found.read;
      }
    }
    const input = { body: body as never, query: query as never, params: ctx.params, ...(preloaded ? { preloaded } : {}) };
    let result: unknown;
    if (definition.auth === 'session') {
      const auth = this.#signedIn(definition, ctx);
      ctx.status = route.defaultStatus;
      result = await definition.handler(ctx, { ...input, user: auth.user, session: auth.session, workspace: auth.workspace, scope: scopeOf(auth) });
    } else {
      ctx.status = route.defaultStatus;
      result = await definition.handler(ctx, input);
    }
    if (this.#validateResponses) {
      if (!route.responses.has(ctx.status)) {
        throw new Error(`${route.definition.operationId} answered with undeclared status ${ctx.status}`);
      }
      const validate = route.responses.get(ctx.status)?.();
      if (validate && !validate(result instanceof JsonText ? JSON.parse(result.text) : result)) {
        throw new Error(
          `${route.definition.operationId} answered with a body that breaks its schema: ${describeError(validate.errors![0]!, 'response')}`,
        );
      }
    }
    if (ctx.status === 204 || result === undefined) return;
    if (result instanceof JsonText) {
      ctx.type = 'application/json';
      ctx.body = result.text;
    } else {
      ctx.body = result;
    }
  }

  /** The declared routes, in the order they were declared (for the OpenAPI document). */
  definitions(): RouteDefinition[] {
    return this.#routes.map((route) => route.definition as unknown as RouteDefinition);
  }
}

/**
 * The scope of a signed-in request. A route of role 'account' acts in no workspace (the caller may be no member of
 * the one the request names): reading its scope's workspace is a mistake in the route, thrown as one.
 */
function scopeOf(auth: Authenticated): Scope {
  const { user, workspace } = auth;
  if (workspace) return { user, workspace: workspace.id, role: workspace.role };
  const none = (): never => {
    throw new Error("A route of role 'account' acts in no workspace");
  };
  return Object.defineProperties({ user } as Scope, { workspace: { get: none }, role: { get: none } });
}

/** Deepest nesting of objects and arrays a request may have; the API's own bodies need four. */
export const MAX_REQUEST_DEPTH = 32;

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
}

/**
 * What in a request's values cannot be taken, in words, or undefined: nesting deeper than MAX_REQUEST_DEPTH, a NUL
 * character (PostgreSQL stores none in text or JSON) or a lone UTF-16 surrogate (not Unicode: JSON columns refuse
 * it, and it would break every page that shows it), in a value or a field name. Every route checks it here, before
 * its schema. The walk is iterative and stops at the first problem, so a body of any shape costs one pass at most.
 */
export function findUnstorable(root: Record<string, unknown>): string | undefined {
  const stack: Visit[] = Object.entries(root).map(([key, value]) => ({ value, key, parent: undefined, depth: 0 }));
  while (stack.length) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return `${placeOf(visit)} contains ${problem}`;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (visit.depth >= MAX_REQUEST_DEPTH) return `the ${rootOf(visit)} is nested more than ${MAX_REQUEST_DEPTH} levels deep.`;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const problem = textProblem(key);
      if (problem) return `a field name in ${placeOf(visit)} contains ${problem}`;
      stack.push({ value: (value as Record<string, unknown>)[key], key, parent: visit, depth: visit.depth + 1 });
    }
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character (\\u0000), which cannot be stored.';
  if (!text.isWellFormed()) return 'a lone UTF-16 surrogate (such as \\ud800), which is not valid Unicode text.';
  return undefined;
}

function rootOf(visit: Visit): string {
  let at = visit;
  while (at.parent) at = at.parent;
  return at.key;
}

/** Where a value sits, as `tags.0` (the body's own fields without the `body.` prefix). */
function placeOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) keys.push(at.key);
  keys.reverse();
  return keys.slice(1).join('.') || keys[0] || 'the request';
}

/** A number as a query string may give it: digits, a sign, a decimal part; short enough to be exact. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

function numericProperties(schema: unknown): string[] {
  const properties = ((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {});
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer' || property.type === 'number')
    .map(([name]) => name);
}
