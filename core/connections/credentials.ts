/**
 * Tracker credentials at rest: AES-256-GCM with a random IV for every write and the connection's id as
 * additional authenticated data, so a ciphertext copied onto another connection, altered, or read with another
 * key fails instead of yielding something. Stored as `v1:<base64url of iv | tag | ciphertext>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { InvalidInput, StartupError } from '../errors.ts';

export type Credentials = Record<string, unknown>;

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** Where a generated key is kept when CREDENTIALS_KEY is unset: readable by the owner only. */
export const credentialsKeyFile = (dataDir: string) => join(dataDir, 'credentials-key');

/** The saved credentials cannot be decrypted: another key, or an altered or misplaced ciphertext. */
export class UnreadableCredentials extends InvalidInput {
  constructor(connectionName: string) {
    super(
      `The saved credentials of the connection '${connectionName}' can no longer be read: the server's credentials key ` +
        'changed, or they were altered. Enter the credentials again and save the connection.',
    );
  }
}

/** 32 bytes from 64 hex digits or 44 characters of base64; undefined for anything else. */
function parseKey(text: string): Buffer | undefined {
  const value = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/]{43}=$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  return key?.length === KEY_BYTES ? key : undefined;
}

/**
 * The key: CREDENTIALS_KEY when set, else the one in DATA_DIR/credentials-key, made at random on first start.
 * The file appears whole or not at all (written aside, then linked into place), so processes starting together
 * on one DATA_DIR agree on one key.
 */
export async function loadCredentialsKey(config: Pick<Config, 'CREDENTIALS_KEY' | 'DATA_DIR'>): Promise<Buffer> {
  if (config.CREDENTIALS_KEY) {
    const key = parseKey(config.CREDENTIALS_KEY);
    if (!key) throw new StartupError('CREDENTIALS_KEY must be 32 bytes written as 64 hex digits or as base64.');
    return key;
  }
  const file = credentialsKeyFile(config.DATA_DIR);
  await mkdir(config.DATA_DIR, { recursive: true });
  const aside = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(aside, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(aside);
  }
  const key = parseKey(await readFile(file, 'utf8'));
  if (!key) throw new StartupError(`${file} does not hold a credentials key (64 hex digits). Restore it, or set CREDENTIALS_KEY.`);
  return key;
}

/** Encrypts and decrypts the credentials of connections with one key. */
export class CredentialsCipher {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`A credentials key has ${KEY_BYTES} bytes.`);
    this.#key = key;
  }

  seal(connectionId: string, credentials: Credentials): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(connectionId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The credentials, or UnreadableCredentials naming the connection when they cannot be decrypted. */
  open(connection: { id: string; name: string; credentials: string }): Credentials {
    const [version, payload] = connection.credentials.split(':', 2);
    const bytes = version === VERSION && payload ? Buffer.from(payload, 'base64url') : Buffer.alloc(0);
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new UnreadableCredentials(connection.name);
    try {
      const decipher = createDecipheriv(ALGORITHM, this.#key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(connection.id, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const clear = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      const value: unknown = JSON.parse(clear);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      return value as Credentials;
    } catch {
      throw new UnreadableCredentials(connection.name);
    }
  }
}
