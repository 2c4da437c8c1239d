// `npm install`'s postinstall: makes the checkout's ready-made PostgreSQL cluster
// (postgres-template.ts), so that the first start on a fresh DATA_DIR copies it instead of running initdb and every
// migration. It never fails an install: without a template a first start makes its cluster itself, as before. The
// postinstall skips it where the sources are not there yet (an image build installs before it copies them).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger, type Logger } from '../logger.ts';
import { postgresBinaries, startEmbeddedPostgres } from './embedded-postgres.ts';
import { connectAndMigrate } from './migrate.ts';
import { binariesKey, INFO_FILE, TEMPLATE_DIR, usableTemplate, type TemplateInfo } from './postgres-template.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Makes the template in `dir` (a cluster started on a free port, migrated, stopped) unless a usable one is there.
 * Made beside it and moved into place, so a start never sees half of one.
 */
export async function makeTemplate(logger: Logger, dir = TEMPLATE_DIR): Promise<'made' | 'current'> {
  const binaries = await postgresBinaries();
  if (usableTemplate(dir, binaries.postgres)) return 'current';
  const work = `${dir}.making-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: work, port: await freePort(), logger, template: null });
    let migrations: string[];
    try {
      const orm = await connectAndMigrate({ databaseUrl: embedded.url, logger });
      migrations = (await orm.migrator.getExecuted()).map((migration) => migration.name);
      await orm.close();
    } finally {
      await embedded.stop();
    }
    await writeFile(join(work, INFO_FILE), `${JSON.stringify({ binaries: binariesKey(binaries.postgres), migrations } satisfies TemplateInfo)}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(work, dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return 'made';
}

/** Makes the template, saying so in one line; never throws (an install does not fail for want of it). */
export async function run(): Promise<void> {
  const started = performance.now();
  try {
    const outcome = await makeTemplate(createLogger({ LOG_LEVEL: 'warn', NODE_ENV: 'production' }));
    if (outcome === 'made') {
      console.log(`Tickscribe: made the ready-made database a first start copies (${((performance.now() - started) / 1000).toFixed(1)} s).`);
    }
  } catch (error) {
    console.log(`Tickscribe: no ready-made database (${(error as Error).message.split('\n')[0]}); the first start will make one, a few seconds longer.`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
