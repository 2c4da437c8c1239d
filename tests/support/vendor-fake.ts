/**
 * A local stand-in for a tracker's API: an HTTP server on 127.0.0.1 whose answers a test scripts per operation,
 * and which checks every request it gets against the vendor's own OpenAPI subset (../shared/contracts), together
 * with the supplement of operations the plugins use beyond it (tests/contracts/<vendor>.supplement.openapi.json,
 * extracted from the vendor's description the same way, see tests/contracts/README.md): the
 * operation exists (method and path), its required path, query and header parameters are there, the body
 * matches the request schema, and the credentials are sent the way the security scheme says. The scripted
 * answers are checked against the operation's response schema too, so a fake cannot drift from the vendor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type VendorContract = 'github' | 'jira' | 'azure-devops' | 'miro';

export interface VendorRequest {
  method: string;
  /** The path without the query string, e.g. '/repos/acme/web/issues'. */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body parsed as JSON, or the text when it is not JSON; undefined when empty. */
  body: unknown;
  /** The operation of the contract it matched, as 'POST /repos/{owner}/{repo}/issues'. */
  operation: string | null;
  params: Record<string, string>;
}

export interface VendorReply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Scripted answers keyed by operation ('POST /repos/{owner}/{repo}/issues'); an unscripted operation answers 404. */
export type VendorRoutes = Record<string, (request: VendorRequest) => VendorReply | Promise<VendorReply>>;

export interface VendorFake {
  url: string;
  requests: VendorRequest[];
  /** Every way a request (or a scripted answer) broke the contract; a test expects it to stay empty. */
  violations: string[];
  /** Replaces the scripted answers (e.g. to make the next call fail). */
  routes: VendorRoutes;
  close(): Promise<void>;
}

interface Operation {
  key: string;
  method: string;
  pattern: RegExp;
  names: string[];
  spec: OpenApiOperation;
}

interface OpenApiParameter { name: string; in: string; required?: boolean }
interface OpenApiMedia { schema?: object; example?: unknown; examples?: Record<string, { value?: unknown }> }
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, OpenApiMedia> };
  responses: Record<string, { content?: Record<string, OpenApiMedia> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Record<string, string[]>[];
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

const CONTRACTS = fileURLToPath(new URL('../../../shared/contracts/', import.meta.url));
const SUPPLEMENTS = fileURLToPath(new URL('../contracts/', import.meta.url));

const readDocument = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;

/**
 * The shared subset with the repository's supplement merged in: its operations (each keeping the supplement's own
 * security requirement) and its security schemes. An operation in both is the shared subset's.
 */
function mergedDocument(name: VendorContract): OpenApiDocument {
  const document = readDocument(`${CONTRACTS}${name}.openapi.json`);
  const file = `${SUPPLEMENTS}${name}.supplement.openapi.json`;
  if (!existsSync(file)) return document;
  const supplement = readDocument(file);
  for (const [path, methods] of Object.entries(supplement.paths)) {
    const item = (document.paths[path] ??= {});
    for (const [method, spec] of Object.entries(methods)) {
      item[method] ??= { ...spec, security: spec.security ?? supplement.security ?? [] };
    }
  }
  const schemes = supplement.components?.securitySchemes ?? {};
  document.components = { ...document.components, securitySchemes: { ...schemes, ...document.components?.securitySchemes } };
  return document;
}
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const loaded = new Map<VendorContract, { document: OpenApiDocument; operations: Operation[] }>();
const ajv = addFormats(new Ajv({ strict: false, allErrors: false, validateFormats: true }));
const validators = new WeakMap<object, ValidateFunction>();

function contract(name: VendorContract) {
  let entry = loaded.get(name);
  if (!entry) {
    const document = mergedDocument(name);
    const operations: Operation[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      const names: string[] = [];
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
      for (const [method, spec] of Object.entries(methods)) {
        if (typeof spec === 'object' && spec && 'responses' in spec) {
          operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), pattern: new RegExp(`^${source}/?$`), names, spec });
        }
      }
    }
    // The most literal path wins ('/issues/{n}' before '/{org}/{project}').
    operations.sort((a, b) => a.names.length - b.names.length);
    entry = { document, operations };
    loaded.set(name, entry);
  }
  return entry;
}

function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

const describe = (validate: ValidateFunction) =>
  validate.errors!.slice(0, 3).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ');

function securityProblem(document: OpenApiDocument, spec: OpenApiOperation, authorization: string | undefined): string | null {
  const alternatives = spec.security ?? document.security ?? [];
  if (!alternatives.length) return null;
  const schemes = document.components?.securitySchemes ?? {};
  const satisfied = alternatives.some((alternative) =>
    Object.keys(alternative).every((name) => {
      const scheme = schemes[name];
      if (scheme?.type === 'http' && scheme.scheme === 'basic') return /^Basic [A-Za-z0-9+/=]+$/.test(authorization ?? '');
      return /^Bearer \S+$/.test(authorization ?? '');
    }),
  );
  return satisfied ? null : `credentials not sent as the contract's security requires (Authorization: ${authorization ? authorization.split(' ')[0] : 'none'})`;
}

/** The contract problems of one request, and the operation it matched. */
export function checkRequest(name: VendorContract, request: Omit<VendorRequest, 'operation' | 'params'>): { operation: Operation | null; problems: string[] } {
  const { document, operations } = contract(name);
  const candidates = operations.filter((op) => op.pattern.test(request.path));
  const operation = candidates.find((op) => op.method === request.method) ?? null;
  if (!operation) return { operation, problems: [`${request.method} ${request.path} is not an operation of the ${name} contract`] };
  const problems: string[] = [];
  for (const parameter of operation.spec.parameters ?? []) {
    if (!parameter.required) continue;
    if (parameter.in === 'query' && !request.query.has(parameter.name)) problems.push(`query parameter '${parameter.name}' is required`);
    if (parameter.in === 'header' && !(parameter.name.toLowerCase() in request.headers)) problems.push(`header '${parameter.name}' is required`);
  }
  const content = operation.spec.requestBody?.content;
  if (content && request.body !== undefined) {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const media = content[type];
    if (!media) problems.push(`content-type '${type}' is not one of ${Object.keys(content).join(', ')}`);
    else if (media.schema) {
      const validate = validatorOf(media.schema);
      if (!validate(request.body)) problems.push(`body does not match the request schema: ${describe(validate)}`);
    }
  } else if (operation.spec.requestBody?.required && request.body === undefined) problems.push('a body is required');
  const security = securityProblem(document, operation.spec, request.headers['authorization']);
  if (security) problems.push(security);
  return { operation, problems: problems.map((problem) => `${operation.key}: ${problem}`) };
}

/**
 * The vendor's own example answer of an operation (e.g. exampleOf('github', 'POST /repos/{owner}/{repo}/issues',
 * 201)), a deep copy a fake can adjust; throws when the contract has none. Some Jira examples are JSON strings.
 */
export function exampleOf(name: VendorContract, operationKey: string, status: number): Record<string, unknown> {
  const operation = contract(name).operations.find((op) => op.key === operationKey);
  const media = operation?.spec.responses[String(status)]?.content?.['application/json'];
  const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  if (example === undefined) throw new Error(`The ${name} contract has no example ${status} answer for ${operationKey}.`);
  return structuredClone(typeof example === 'string' ? JSON.parse(example) : example) as Record<string, unknown>;
}

function replyProblem(operation: Operation, reply: VendorReply): string | null {
  const response = operation.spec.responses[String(reply.status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema || reply.body === undefined) return null;
  const validate = validatorOf(schema);
  return validate(reply.body) ? null : `${operation.key}: the scripted ${reply.status} answer does not match the response schema: ${describe(validate)}`;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Starts a fake of the vendor's API; `routes` script the answers by operation. */
export async function startVendorFake(name: VendorContract, routes: VendorRoutes): Promise<VendorFake> {
  const fake: VendorFake = { url: '', requests: [], violations: [], routes, close: async () => {} };
  const server = createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const headers = Object.fromEntries(Object.entries(incoming.headers).map(([key, value]) => [key, String(value)]));
    const base = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers, body: await readBody(incoming) };
    const { operation, problems } = checkRequest(name, base);
    const params = operation ? Object.fromEntries(operation.names.map((key, i) => [key, decodeURIComponent(operation.pattern.exec(base.path)![i + 1]!)])) : {};
    const request: VendorRequest = { ...base, operation: operation?.key ?? null, params };
    fake.requests.push(request);
    fake.violations.push(...problems);
    const handler = operation && fake.routes[operation.key];
    let reply: VendorReply;
    try {
      reply = handler ? await handler(request) : { status: 404, body: { message: 'Not Found' } };
    } catch (error) {
      reply = { status: 500, body: { message: (error as Error).message } };
    }
    const problem = operation && handler ? replyProblem(operation, reply) : null;
    if (problem) fake.violations.push(problem);
    const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    outgoing.writeHead(reply.status, { ...(body && typeof reply.body !== 'string' ? { 'content-type': 'application/json' } : {}), ...reply.headers });
    outgoing.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
