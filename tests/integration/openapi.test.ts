// The OpenAPI document is complete enough for others to generate clients from: it lints clean under Redocly's
// recommended rules, every operation says who may call it and which client errors it answers, and the web
// app's generated types match it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, describeApi, renderApiTypes } from '../../server/api-types.ts';
import { ROOT } from '../support/process.ts';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
}

const document = describeApi() as {
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
);
const dir = mkdtempSync(join(tmpdir(), 'tickscribe-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('OpenAPI document', () => {
  it("lints clean under Redocly's recommended rules", () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format=json'], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('declares the bearer and cookie schemes and the server', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'tickscribe_session' },
    });
  });

  it('says who may call each operation, and signed-in operations answer 401', () => {
    const bySecurity = (names: string[][]) =>
      operations.filter((op) => JSON.stringify(op.security.map((s) => Object.keys(s))) === JSON.stringify(names)).map((op) => op.operationId);
    expect(bySecurity([])).toEqual(expect.arrayContaining(['signup', 'login', 'getHealth', 'verifyEmail', 'requestPasswordReset']));
    expect(bySecurity([['bearerAuth'], ['cookieAuth'], []])).toEqual(['logout']);
    expect(bySecurity([['bearerAuth']])).toEqual(['updateUser']);
    const signedIn = bySecurity([['bearerAuth'], ['cookieAuth']]);
    expect(signedIn).toEqual(expect.arrayContaining(['currentUser', 'uploadTranscript', 'listTranscripts', 'filterTickets', 'deleteTicket', 'tokenUsageStats']));
    expect(signedIn.length + bySecurity([]).length + 2).toBe(operations.length);
    for (const op of operations.filter((o) => signedIn.includes(o.operationId))) expect(Object.keys(op.responses), op.operationId).toContain('401');
  });

  it('lists the client errors each operation answers, with the error body', () => {
    const cannotFail = ['getHealth', 'devOutbox', 'uploadLimits'];
    for (const op of operations.filter((o) => !cannotFail.includes(o.operationId))) {
      const clientErrors = Object.keys(op.responses).filter((status) => status.startsWith('4'));
      expect(clientErrors.length, `${op.operationId} lists no 4xx answer`).toBeGreaterThan(0);
      // The workspace header is not read as input: a workspace that is none of the caller's answers 404.
      if (op.requestBody || op.parameters?.some((parameter) => parameter.in !== 'header')) expect(clientErrors, op.operationId).toContain('400');
      if (op.parameters?.some((parameter) => parameter.in === 'header')) expect(clientErrors, op.operationId).toContain('404');
      if (op.path.includes('{id}')) expect(clientErrors, op.operationId).toContain('404');
      for (const status of clientErrors) expect(op.responses[status]!.content, `${op.operationId} ${status}`).toBeDefined();
    }
  });

  it('web/src/api/openapi.ts is up to date (run `npm run api:types`)', async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await renderApiTypes());
  });
});
