// `tickscribe set-tier EMAIL|WORKSPACE-ID TIER`: sets a workspace's plan by hand (an e-mail address names its user's personal workspace), for installations that take no payments.
import { setTier } from '../core/billing/admin.ts';
import type { Config } from '../core/config.ts';
import { embeddedDatabaseUrl, startEmbeddedPostgres } from '../core/db/embedded-postgres.ts';
import { connectAndMigrate } from '../core/db/migrate.ts';
import { createLogger } from '../core/logger.ts';
import { assertPortFree } from '../core/ports.ts';

async function portFree(port: number): Promise<boolean> {
  try {
    await assertPortFree(port, 'EMBEDDED_POSTGRES_PORT');
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens the database (DATABASE_URL; else the embedded PostgreSQL of a running Tickscribe, or, when none runs,
 * the embedded one started for the command), sets the plan, and says what changed in one line.
 */
export async function setTierCommand(config: Config, who: string, tier: string): Promise<string> {
  const logger = createLogger({ LOG_LEVEL: 'error', NODE_ENV: config.NODE_ENV });
  let databaseUrl = config.DATABASE_URL;
  let stopEmbedded = async () => {};
  if (!databaseUrl && !(await portFree(config.EMBEDDED_POSTGRES_PORT))) {
    databaseUrl = embeddedDatabaseUrl(config.DATA_DIR, config.EMBEDDED_POSTGRES_PORT);
  } else if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_POSTGRES_PORT, logger });
    databaseUrl = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  try {
    const orm = await connectAndMigrate({ databaseUrl, logger });
    try {
      const { workspace, owner, plan } = await setTier(orm.em.fork(), who, tier);
      const tokens = (n: number) => n.toLocaleString('en-US');
      const limits = `${tokens(plan.inputTokenLimit)} input and ${tokens(plan.outputTokenLimit)} output tokens and ${plan.transcriptLimit} transcripts a month`;
      return workspace.personal
        ? `${owner.email} is now on the ${plan.name} plan: ${limits}, from now on.`
        : `"${workspace.name}" is now on the ${plan.name} plan, paid by its owner ${owner.email}: ${limits}, from now on.`;
    } finally {
      await orm.close();
    }
  } finally {
    await stopEmbedded();
  }
}
