import Router from '@koa/router';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { HttpError } from './errors.ts';
import { describeError, getValidator, schemaId, type JsonSchema } from '../core/schema/registry.ts';
import type { AppContext, AppState } from './context.ts';

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
}

export interface RouteDefinition<TBody = unknown, TQuery = unknown, TResult = unknown> {
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
  /** Every status the route answers with on success, and its body. The first 2xx or 3xx is the default status. */
  responses: Record<number, ResponseDefinition>;
  /** Returns the response body; may set `ctx.status` to another declared status first. */
  handler(ctx: AppContext, input: RouteInput<TBody, TQuery>): Promise<TResult> | TResult;
}

interface CompiledRoute {
  definition: RouteDefinition<never, never, unknown>;
  body?: ValidateFunction;
  query?: ValidateFunction;
  responses: Map<number, ValidateFunction | undefined>;
  defaultStatus: number;
}

const ERROR_SCHEMA = 'api/error.schema.json';

/**
 * The API's routes, declared with their JSON schemas. It validates requests (and, outside production,
 * responses), mounts them on a router, and describes them as OpenAPI 3.1, so a route documents itself.
 */
export class ApiRegistry {
  readonly #routes: CompiledRoute[] = [];
  readonly #ajv: Ajv2020;
  readonly #queryAjv: Ajv2020;
  readonly #validateResponses: boolean;

  constructor(options: { ajv: Ajv2020; queryAjv: Ajv2020; validateResponses: boolean }) {
    this.#ajv = options.ajv;
    this.#queryAjv = options.queryAjv;
    this.#validateResponses = options.validateResponses;
  }

  route<TBody = undefined, TQuery = undefined, TResult = unknown>(
    definition: RouteDefinition<TBody, TQuery, TResult>,
  ): void {
    const statuses = Object.keys(definition.responses).map(Number);
    const defaultStatus = statuses.find((status) => status >= 200 && status < 400);
    if (defaultStatus === undefined) throw new Error(`${definition.operationId} declares no success (2xx or 3xx) response`);
    this.#routes.push({
      definition: definition as unknown as RouteDefinition<never, never, unknown>,
      body: definition.body ? getValidator(this.#ajv, definition.body) : undefined,
      query: definition.query ? getValidator(this.#queryAjv, definition.query) : undefined,
      responses: new Map(
        statuses.map((status) => {
          const schema = definition.responses[status]?.schema;
          return [status, schema ? getValidator(this.#ajv, schema) : undefined];
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

  async #handle(route: CompiledRoute, ctx: AppContext): Promise<void> {
    const body: unknown = (ctx.request as { body?: unknown }).body ?? {};
    if (route.body && !route.body(body)) {
      throw new HttpError(400, `Invalid request: ${describeError(route.body.errors![0]!)}`);
    }
    const query: Record<string, unknown> = { ...ctx.query };
    if (route.query && !route.query(query)) {
      throw new HttpError(400, `Invalid request: ${describeError(route.query.errors![0]!, 'query')}`);
    }
    ctx.status = route.defaultStatus;
    const result = await route.definition.handler(ctx, {
      body: body as never,
      query: query as never,
      params: ctx.params,
    });
    if (this.#validateResponses) {
      if (!route.responses.has(ctx.status)) {
        throw new Error(`${route.definition.operationId} answered with undeclared status ${ctx.status}`);
      }
      const validate = route.responses.get(ctx.status);
      if (validate && !validate(result)) {
        throw new Error(
          `${route.definition.operationId} answered with a body that breaks its schema: ${describeError(validate.errors![0]!, 'response')}`,
        );
      }
    }
    if (ctx.status === 204 || result === undefined) return;
    ctx.body = result;
  }

  /** The OpenAPI 3.1 description of every declared route. */
  openapi(info: { title: string; version: string; description: string }, schemas: Map<string, JsonSchema>): object {
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
    const paths: Record<string, Record<string, object>> = {};
    for (const { definition } of this.#routes) {
      const responses: Record<string, object> = {};
      for (const [status, response] of Object.entries(definition.responses)) {
        responses[status] = {
          description: response.description,
          ...(response.schema ? { content: { 'application/json': { schema: refTo(response.schema) } } } : {}),
        };
      }
      responses['default'] = {
        description: 'An error, with a message a person can act on.',
        content: { 'application/json': { schema: refTo(ERROR_SCHEMA) } },
      };
      const parameters = [
        ...[...definition.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
          name: match[1], in: 'path', required: true, schema: { type: 'string' },
        })),
        ...queryParameters(definition.query ? schemas.get(definition.query) : undefined),
      ];
      (paths[definition.path] ??= {})[definition.method] = {
        operationId: definition.operationId,
        summary: definition.summary,
        tags: [definition.tag],
        ...(parameters.length ? { parameters } : {}),
        ...(definition.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: refTo(definition.body) } } } }
          : {}),
        responses,
      };
    }
    return { openapi: '3.1.0', info, paths, components: { schemas: components } };
  }
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
function toComponent(
  schema: JsonSchema,
  schemas: Map<string, JsonSchema>,
  componentRef: (file: string) => string,
): object {
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
