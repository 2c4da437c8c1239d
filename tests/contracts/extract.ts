/**
 * Makes a supplementary contract subset (tests/contracts/<vendor>.supplement.openapi.json) from a vendor's own
 * OpenAPI description: the operations the plugins use that ../shared/contracts does not hold, every $ref inlined,
 * with the normalizations the README lists. Run it again on a newer description and diff the result:
 *
 *   node tests/contracts/extract.ts github path/to/api.github.com.json
 *   node tests/contracts/extract.ts jira path/to/swagger-v3.v3.json
 *   node tests/contracts/extract.ts azure-devops path/to/specification/wit/7.1/workItemTracking.json
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Json = Record<string, unknown>;

interface Recipe {
  title: string;
  operations: [method: string, path: string][];
  /** Adjusts the extracted document; returns the normalizations made, in words. */
  normalise(document: Json, source: Json): string[];
}

const RECIPES: Record<string, Recipe> = {
  github: {
    title: 'GitHub v3 REST API - operations the github tracker uses beyond the shared subset',
    operations: [
      ['get', '/repos/{owner}/{repo}/assignees'],
      ['get', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
      ['post', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
    ],
    normalise(document) {
      for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) for (const op of Object.values(item)) delete op['x-octokit'];
      document.components = {
        securitySchemes: {
          bearerToken: {
            type: 'http', scheme: 'bearer',
            description: 'Added by the extraction (the source description declares no security scheme), as in the shared subset.',
          },
        },
      };
      document.security = [{ bearerToken: [] }];
      return ['removed the x-octokit extension', 'added components.securitySchemes.bearerToken and a top-level security requirement, as the shared subset does'];
    },
  },
  jira: {
    title: 'Jira Cloud platform REST API - operations the jira tracker uses beyond the shared subset',
    operations: [
      ['get', '/rest/api/3/mypermissions'],
      ['get', '/rest/api/3/issue/{issueIdOrKey}/comment'],
      ['post', '/rest/api/3/issue/{issueIdOrKey}/comment'],
    ],
    normalise(document, source) {
      const paths = document.paths as Record<string, Record<string, Json>>;
      const op = paths['/rest/api/3/mypermissions']!.get!;
      const comments = Object.values(paths['/rest/api/3/issue/{issueIdOrKey}/comment']!);
      // "Get my permissions requires permissions query parameter" (change notice, effective 2019-02-01): the
      // description says "(Required)" and records the change in x-changes, but leaves `required` out.
      const permissions = (op.parameters as Json[]).find((parameter) => parameter.name === 'permissions')!;
      permissions.required = true;
      // The operation may be called anonymously (security alternative {}); the plugin always authenticates, and an
      // anonymous answer says nothing of the account's permissions.
      op.security = (op.security as Json[]).filter((alternative) => Object.keys(alternative).length);
      for (const comment of comments) comment.security = (comment.security as Json[]).filter((alternative) => Object.keys(alternative).length);
      const scopes = new Set([op, ...comments].flatMap((each) => (each.security as Record<string, string[]>[]).flatMap((alternative) => alternative.OAuth2 ?? [])));
      const schemes = structuredClone((source.components as Json).securitySchemes) as Record<string, Json>;
      const flow = (schemes.OAuth2!.flows as Record<string, { scopes: Record<string, string> }>).authorizationCode!;
      flow.scopes = Object.fromEntries(Object.entries(flow.scopes).filter(([scope]) => scopes.has(scope)));
      document.components = { securitySchemes: { basicAuth: schemes.basicAuth, OAuth2: schemes.OAuth2 } };
      const removed = [op, ...comments].reduce((sum, each) => sum + dropClosedResponses(each), 0);
      return [
        "query parameter 'permissions' marked required (its description says \"(Required)\" and its x-changes record the change, effective 2019-02-01)",
        'the anonymous security alternative ({}) removed: the plugin always authenticates',
        'components.securitySchemes.OAuth2 keeps only the scopes the operations name',
        `${removed} occurrences of additionalProperties:false removed inside response schemas, as in the shared subset`,
      ];
    },
  },
  'azure-devops': {
    title: 'Azure DevOps Work Item Tracking REST API 7.1 - operations the azure tracker uses beyond the shared subset',
    operations: [
      ['get', '/{organization}/{project}/_apis/wit/workItems/{workItemId}/comments'],
      ['post', '/{organization}/{project}/_apis/wit/workItems/{workItemId}/comments'],
    ],
    normalise(document, source) {
      const made = swaggerToOpenApi(document, source);
      const list = (document.paths as Record<string, Record<string, Json>>)['/{organization}/{project}/_apis/wit/workItems/{workItemId}/comments']!.get!;
      // The description keeps one GET of the path, "Get Comments Batch" (ids required); "Comments - Get Comments"
      // (learn.microsoft.com/rest/api/azure/devops/wit/comments/get-comments?view=azure-devops-rest-7.1) lists the
      // comments of the work item at the same address, pageable by $top and continuationToken, with no ids.
      const ids = (list.parameters as Json[]).find((parameter) => parameter.name === 'ids')!;
      ids.required = false;
      list.parameters = [...(list.parameters as Json[]),
        { name: '$top', in: 'query', required: false, schema: { type: 'integer', format: 'int32' }, description: 'Max number of comments to return (Get Comments).' },
        { name: 'continuationToken', in: 'query', required: false, schema: { type: 'string' }, description: 'Used to query for the next page of comments (Get Comments).' }];
      return [...made, "GET: query parameter 'ids' not required, $top and continuationToken added: the path also answers Get Comments (the work item's comments, pageable), as Microsoft's reference describes"];
    },
  },
};

/**
 * A Swagger 2.0 description's extracted operations (already inlined) as OpenAPI 3.0.3, as the shared Azure DevOps
 * subset was converted: body parameters become requestBody, other parameters get a schema, responses get content, and
 * the security schemes are the shared subset's (http basic for a personal access token, oauth2).
 */
function swaggerToOpenApi(document: Json, source: Json): string[] {
  for (const item of Object.values(document.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      const consumes = (op.consumes as string[] | undefined) ?? ['application/json'];
      const produces = (op.produces as string[] | undefined) ?? ['application/json'];
      const parameters = op.parameters as Json[];
      const body = parameters.find((parameter) => parameter.in === 'body');
      if (body) op.requestBody = { required: body.required === true, description: body.description, content: Object.fromEntries(consumes.map((type) => [type, { schema: body.schema }])) };
      op.parameters = parameters.filter((parameter) => parameter.in !== 'body').map(({ type, format, enum: values, ...rest }) => ({
        ...rest, schema: { type, ...(format === undefined ? {} : { format }), ...(values === undefined ? {} : { enum: values }) },
      }));
      for (const response of Object.values(op.responses as Record<string, Json>)) {
        const { schema } = response;
        delete response.schema;
        if (schema) response.content = Object.fromEntries(produces.map((type) => [type, { schema }]));
      }
      for (const key of ['consumes', 'produces', 'x-ms-examples']) delete op[key];
    }
  }
  document.openapi = '3.0.3';
  document.servers = [{ url: `https://${String(source.host)}` }];
  const shared = JSON.parse(readFileSync(new URL('../../../shared/contracts/azure-devops.openapi.json', import.meta.url), 'utf8')) as Json;
  document.components = { securitySchemes: (shared.components as Json).securitySchemes };
  return [
    'Swagger 2.0 -> OpenAPI 3.0.3 as in the shared subset: the body parameter became requestBody, other parameters got a schema, responses got content; x-ms-examples dropped',
    'components.securitySchemes taken from the shared subset (accessToken as http basic, oauth2)',
  ];
}

/** Replaces every $ref by a deep copy of its target; a reference already being expanded becomes a stub. */
function inline(value: unknown, source: Json, seen: string[] = [], count = { refs: 0 }): unknown {
  if (Array.isArray(value)) return value.map((entry) => inline(entry, source, seen, count));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as Json).$ref;
  // A reference to another file (Microsoft's x-ms-examples) is left for the normalisation to drop.
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref)) return { 'x-recursive-ref': ref };
    count.refs++;
    const target = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], source);
    return inline(target, source, [...seen, ref], count);
  }
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inline(entry, source, seen, count)]));
}

function dropClosedResponses(op: Json): number {
  let removed = 0;
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node) && (node as Json).additionalProperties === false) {
      delete (node as Json).additionalProperties;
      removed++;
    }
    for (const child of Object.values(node)) walk(child);
  };
  walk(op.responses);
  return removed;
}

const [vendor = '', file = ''] = process.argv.slice(2);
const recipe = RECIPES[vendor];
if (!recipe || !file) {
  console.error(`Usage: node tests/contracts/extract.ts <${Object.keys(RECIPES).join('|')}> <the vendor's OpenAPI description>`);
  process.exit(2);
}
// Microsoft's descriptions start with a byte order mark.
const source = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Json;
const count = { refs: 0 };
const paths: Record<string, Json> = {};
for (const [method, path] of recipe.operations) {
  const item = (source.paths as Record<string, Json>)[path];
  if (!item?.[method]) throw new Error(`The description has no ${method.toUpperCase()} ${path}.`);
  paths[path] = { ...paths[path], [method]: inline(item[method], source, [], count) };
}
const info = source.info as Json;
const document: Json = {
  openapi: source.openapi ?? source.swagger,
  info: { title: recipe.title, version: info.version, license: info.license },
  servers: source.servers,
  paths,
};
const normalisations = recipe.normalise(document, source);
document['x-extraction'] = { inlinedRefs: count.refs, normalizations: normalisations };
if (JSON.stringify(document).includes('"$ref"')) throw new Error('A $ref is left.');
writeFileSync(new URL(`./${vendor}.supplement.openapi.json`, import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
process.stdout.write(`${vendor}: ${recipe.operations.length} operation(s), ${count.refs} references inlined.\n`);
