// A ready-made embedded PostgreSQL cluster, made once per checkout by `npm install` (its postinstall runs
// server/ready-made-cli.ts, which runs make-postgres-template.ts): initdb run, the database created and every
// migration applied. A first start on a fresh DATA_DIR copies it instead of running initdb and the migrations, which
// took most of a first start's time (initdb alone is two to three seconds of CPU). Each copy gets its installation's
// own password at its first start.
//
// A template is used only when it was made by the PostgreSQL binaries installed now and holds no migration this
// checkout lacks (migrations added since are applied at start, as on any start). Otherwise, or when there is none
// (an install that skipped scripts, a read-only node_modules), a first start runs initdb as before.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { chmod, chown, cp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm install` puts the checkout's template. */
export const TEMPLATE_DIR = fileURLToPath(new URL('../../node_modules/.cache/tickscribe/postgres-template', import.meta.url));
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
export const INFO_FILE = 'template.json';

export interface TemplateInfo {
  /** The postgres binary it was made with: path, size and modification time. */
  binaries: string;
  /** The migrations applied to it. */
  migrations: string[];
}

export interface UsableTemplate {
  /** The cluster's folder, to copy. */
  cluster: string;
  /** The password its role was made with, replaced in each copy. */
  password: string;
}

/** The installed postgres binary, as the template records it. */
export function binariesKey(postgresBinary: string): string {
  const { size, mtimeMs } = statSync(postgresBinary);
  return `${postgresBinary}:${size}:${Math.round(mtimeMs)}`;
}

/** The migrations this checkout has, by name (read from the folder: loading them would load the ORM). */
function checkoutMigrations(): Set<string> {
  return new Set(readdirSync(MIGRATIONS_DIR).filter((name) => /^Migration\w+\.ts$/.test(name)).map((name) => name.slice(0, -3)));
}

/** The template in `dir` when this checkout and these binaries can use it; undefined otherwise. */
export function usableTemplate(dir: string, postgresBinary: string): UsableTemplate | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dir, INFO_FILE), 'utf8')) as TemplateInfo;
    if (info.binaries !== binariesKey(postgresBinary)) return undefined;
    const migrations = checkoutMigrations();
    if (!info.migrations.every((name) => migrations.has(name))) return undefined;
    const cluster = join(dir, 'postgres');
    if (!existsSync(join(cluster, 'PG_VERSION'))) return undefined;
    return { cluster, password: readFileSync(join(dir, 'postgres-password'), 'utf8').trim() };
  } catch {
    return undefined;
  }
}

/**
 * Copies the template's cluster to `target`, owned by `owner` (the `postgres` user when run as root): into a folder
 * beside it, moved into place once complete, so a copy cut short leaves no half of a cluster behind. `onSpawned` is
 * called once the copying process runs (the caller's code can load meanwhile).
 */
export async function copyTemplate(
  template: UsableTemplate, target: string, owner: { uid: number; gid: number } | undefined, onSpawned?: () => void,
): Promise<void> {
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  // cp -a keeps modes and owners and takes a tenth of the time of Node's own copy; Node's is the fallback.
  if (!(await copiedWithCp(template.cluster, partial, onSpawned))) {
    await rm(partial, { recursive: true, force: true });
    await cp(template.cluster, partial, { recursive: true, preserveTimestamps: true });
  }
  await chmod(partial, 0o700);
  if (owner && (await stat(partial)).uid !== owner.uid) {
    const entries = await readdir(partial, { recursive: true, withFileTypes: true });
    await chown(partial, owner.uid, owner.gid);
    for (const entry of entries) await chown(join(entry.parentPath, entry.name), owner.uid, owner.gid);
  }
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
}

function copiedWithCp(source: string, target: string, onSpawned?: () => void): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('cp', ['-a', source, target], { stdio: 'ignore' });
    onSpawned?.();
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}
