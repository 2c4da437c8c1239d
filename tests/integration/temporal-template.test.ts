// The ready-made Temporal dev server database (core/temporal/template.ts): made once, copied into a fresh DATA_DIR,
// and a dev server started on the copy serves as one started on its own file does, with the start's namespace and
// search attributes registered.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import { findTemporalCli } from '../../core/temporal/cli-path.ts';
import { waitForTemporal } from '../../core/temporal/connect.ts';
import { startTemporalDevServer } from '../../core/temporal/dev-server.ts';
import { SEARCH_ATTRIBUTE_NAMES } from '../../core/temporal/search-attributes.ts';
import { copyTemporalTemplate, makeTemporalTemplate, usableTemporalTemplate } from '../../core/temporal/template.ts';
import { freePort } from '../support/free-port.ts';

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
const folder = mkdtempSync(join(tmpdir(), 'tickscribe-temporal-template-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the ready-made Temporal database', () => {
  const cli = findTemporalCli()!;
  const template = join(folder, 'template');

  it('is made once; a fresh DATA_DIR starts on a copy, with the namespace and search attributes of its start', async () => {
    expect(await makeTemporalTemplate(cli, template)).toBe('made');
    expect(await makeTemporalTemplate(cli, template)).toBe('current');
    const dataDir = join(folder, 'data');
    const database = join(dataDir, 'temporal.db');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    expect(await copyTemporalTemplate(cli, database, template)).toBe(true);
    // Never over a database that is there.
    expect(await copyTemporalTemplate(cli, database, template)).toBe(false);

    const namespace = `copy-${Date.now()}`;
    const server = await startTemporalDevServer({ cliPath: cli, dataDir, port: await freePort(), uiPort: await freePort(), namespace, logger });
    try {
      const connection = await waitForTemporal({ address: server.address, abandon: server.exited });
      try {
        const described = await connection.workflowService.describeNamespace({ namespace });
        expect(described.namespaceInfo?.name).toBe(namespace);
        // Both the namespace this start created and the template's own default one (which the dev server's flags
        // do not touch once it exists) have the search attributes operators find workflows by.
        for (const withAttributes of [namespace, 'default']) {
          const attributes = await connection.operatorService.listSearchAttributes({ namespace: withAttributes });
          expect(Object.keys(attributes.customAttributes ?? {})).toEqual(expect.arrayContaining(Object.values(SEARCH_ATTRIBUTE_NAMES)));
        }
      } finally {
        await connection.close();
      }
    } finally {
      await server.stop();
    }
  });

  it('is not used when another Temporal CLI made it, or with other search attributes', () => {
    const info = join(template, 'template.json');
    const kept = readFileSync(info, 'utf8');
    const made = JSON.parse(kept) as { cli: string; searchAttributes: string[] };
    writeFileSync(info, JSON.stringify({ ...made, cli: `${cli}:0:0` }));
    expect(usableTemporalTemplate(cli, template)).toBeUndefined();
    writeFileSync(info, JSON.stringify({ ...made, searchAttributes: made.searchAttributes.slice(1) }));
    expect(usableTemporalTemplate(cli, template)).toBeUndefined();
    writeFileSync(info, kept);
    expect(usableTemporalTemplate(cli, template)).toBe(join(template, 'temporal.db'));
  });
});
