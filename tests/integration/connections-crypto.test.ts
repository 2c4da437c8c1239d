// Credentials at rest: AES-256-GCM sealed to their connection's id, and the key that seals them, from
// CREDENTIALS_KEY or generated once into DATA_DIR/credentials-key (owner-only).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsKeyFile, CredentialsCipher, loadCredentialsKey, UnreadableCredentials } from '../../core/connections/credentials.ts';
import { StartupError } from '../../core/errors.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickscribe-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const credentials = { url: 'https://jira.example.com', apiToken: `secret-${randomUUID()}` };
const connection = (id: string, sealed: string) => ({ id, name: 'Team board', credentials: sealed });

describe('CredentialsCipher', () => {
  const cipher = new CredentialsCipher(randomBytes(32));
  const id = randomUUID();

  it('opens what it sealed; the sealed text is versioned, never the clear value, and new on every write', () => {
    const sealed = cipher.seal(id, credentials);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(credentials.apiToken);
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain(credentials.apiToken);
    expect(cipher.seal(id, credentials)).not.toBe(sealed);
    expect(cipher.open(connection(id, sealed))).toEqual(credentials);
  });

  it('refuses another key, an altered text, another connection’s id and an unknown version, naming the connection', () => {
    const sealed = cipher.seal(id, credentials);
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    const attempts = [
      () => new CredentialsCipher(randomBytes(32)).open(connection(id, sealed)),
      () => cipher.open(connection(id, flipped)),
      () => cipher.open(connection(randomUUID(), sealed)),
      () => cipher.open(connection(id, sealed.replace(/^v1:/, 'v2:'))),
      () => cipher.open(connection(id, 'v1:')),
      () => cipher.open(connection(id, JSON.stringify(credentials))),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(UnreadableCredentials);
      expect(attempt).toThrow(
        "The saved credentials of the connection 'Team board' can no longer be read: the server's credentials key changed, or they were altered. Enter the credentials again and save the connection.",
      );
    }
  });

  it('accepts only a 32-byte key', () => {
    expect(() => new CredentialsCipher(randomBytes(16))).toThrow('A credentials key has 32 bytes.');
  });
});

describe('loadCredentialsKey', () => {
  it('generates a key on first start, owner-only, and reads the same one afterwards', async () => {
    const dir = dataDir();
    const key = await loadCredentialsKey({ DATA_DIR: dir });
    expect(key).toHaveLength(32);
    const file = credentialsKeyFile(dir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
    expect(await loadCredentialsKey({ DATA_DIR: dir })).toEqual(key);
  });

  it('gives processes starting together one key', async () => {
    const dir = dataDir();
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadCredentialsKey({ DATA_DIR: dir })));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
  });

  it('uses CREDENTIALS_KEY, written in hex or base64, and writes no file then', async () => {
    const dir = dataDir();
    const key = randomBytes(32);
    expect(await loadCredentialsKey({ DATA_DIR: dir, CREDENTIALS_KEY: key.toString('hex') })).toEqual(key);
    expect(await loadCredentialsKey({ DATA_DIR: dir, CREDENTIALS_KEY: key.toString('base64') })).toEqual(key);
    expect(() => statSync(credentialsKeyFile(dir))).toThrow();
  });

  it('stops the start when the key file holds something else', async () => {
    const dir = dataDir();
    writeFileSync(credentialsKeyFile(dir), 'not a key\n');
    await expect(loadCredentialsKey({ DATA_DIR: dir })).rejects.toThrow(StartupError);
    await expect(loadCredentialsKey({ DATA_DIR: dir })).rejects.toThrow(`${credentialsKeyFile(dir)} does not hold a credentials key`);
  });
});
