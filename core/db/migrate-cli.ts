// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PostgreSQL when it is unset.
import { ConfigError, loadConfig } from '../config.ts';
import { StartupError } from '../errors.ts';
import { createLogger } from '../logger.ts';
import { assertPortFree } from '../ports.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { connectAndMigrate } from './migrate.ts';

try {
  const config = loadConfig();
  const logger = createLogger(config);
  let stopEmbedded = async () => {};
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    await assertPortFree(config.EMBEDDED_POSTGRES_PORT, 'EMBEDDED_POSTGRES_PORT');
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT, logger });
    databaseUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  try {
    const orm = await connectAndMigrate({ databaseUrl, logger });
    const executed = await orm.migrator.getExecuted();
    await orm.close();
    console.log(`Database is up to date (${executed.length} migrations applied).`);
  } finally {
    await stopEmbedded();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof StartupError;
  console.error(`Migration failed: ${known || error instanceof Error ? (error as Error).message.split('\n')[0] : String(error)}`);
  process.exit(1);
}
