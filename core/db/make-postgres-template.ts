// Makes the checkout's ready-made PostgreSQL cluster (postgres-template.ts), so that the first start on a fresh
// DATA_DIR copies it instead of running initdb and every migration. Run by `npm install` (server/ready-made-cli.ts).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { postgresBinaries, startEmbeddedPostgres } from './embedded-postgres.ts';
import { connectAndMigrate } from './migrate.ts';
import { binariesKey, INFO_FILE, TEMPLATE_DIR, usableTemplate, type TemplateInfo } from './postgres-template.ts';
import { freePort } from '../ports.ts';

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
