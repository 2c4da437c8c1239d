// Hostile input never reaches a 500: random and boundary values thrown at every route's declared parameters and
// bodies, read from the OpenAPI document (so a new route is fuzzed as soon as it is declared).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from '../../server/api-types.ts';
import { signUpVerified } from '../support/accounts.ts';
import { useTestApp } from '../support/app.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query';
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
}
interface Schema {
  properties?: Record<string, unknown>;
}

const document = describeApi() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
/** Operations that end the session the fuzzer uses, or that it cannot reach with JSON (the upload has its own tests). */
const SKIPPED = new Set(['logout', 'changePassword', 'uploadTranscript']);

const t = useTestApp();
let token: string;

beforeAll(async () => {
  ({ token } = await signUpVerified(t.base, t.db));
});

const hostileText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', '%', '%zz', '%ED%A0%80', 'a\u0000b', '%00', '%', '_', "'; drop table users; --", '\\', '"', '../../etc/passwd', '💥', '\uffff', '\ud800'),
  fc.constantFrom('1e18', '1e300', '10000000000000000000', '-1', '0', '-0', 'NaN', 'Infinity', '9007199254740993', '1.5', '0x10'),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 190, maxLength: 260 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1e18, 1e300, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1.5),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
);

/** A path segment; one that cannot be encoded (a lone surrogate) goes as the malformed bytes it would be. */
function pathSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A body with some of the schema's properties (hostile values) and now and then an unknown one. */
function hostileBody(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  const record = fc.record(Object.fromEntries(names.map((name) => [name, hostileValue])), { requiredKeys: [] });
  return fc.oneof({ weight: 6, arbitrary: record }, { weight: 1, arbitrary: hostileValue });
}

const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
).filter(({ operation }) => !SKIPPED.has(operation.operationId));

describe('route fuzzer', () => {
  it.each(operations.map((op) => [op.operation.operationId, op] as const))('%s answers no 500 to hostile input', async (_id, { path, method, operation }) => {
    const parameters = operation.parameters ?? [];
    const ref = operation.requestBody?.content['application/json'].schema.$ref;
    const schema = ref ? document.components.schemas[ref.split('/').pop()!] : undefined;
    const input = fc.record({
      values: fc.tuple(...parameters.map(() => fc.option(hostileText, { nil: undefined }))),
      body: ref ? hostileBody(schema) : fc.constant(undefined),
      signedIn: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(input, async ({ values, body, signedIn }) => {
        let url = path;
        const query = new URLSearchParams();
        parameters.forEach((parameter, index) => {
          const value = values[index];
          if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, pathSegment(value ?? 'x'));
          else if (value !== undefined) query.append(parameter.name, value);
        });
        const response = await fetch(`${t.base}${url}${query.size ? `?${query}` : ''}`, {
          method: method.toUpperCase(),
          redirect: 'manual',
          headers: { ...(signedIn ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        expect(response.status, `${method.toUpperCase()} ${url}?${query} ${JSON.stringify(body)} -> ${text}`).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
