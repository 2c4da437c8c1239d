import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(argon2);

/**
 * argon2id with OWASP's baseline parameters: 19 MiB of memory, 2 passes, 1 lane, 32-byte tag, 16-byte salt.
 * About 50 ms per hash on one core here: slow on purpose, so a stolen hash is expensive to guess.
 */
export const PASSWORD_HASH_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing cannot be abused to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;

/** The hash in PHC string form: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (base64 without padding). */
export async function hashPassword(password: string): Promise<string> {
  const { memory, passes, parallelism, tagLength } = PASSWORD_HASH_PARAMETERS;
  const nonce = randomBytes(16);
  const hash = await derive('argon2id', { message: password, nonce, memory, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, expected] = match;
  const expectedBytes = Buffer.from(expected!, 'base64url');
  const actual = await derive('argon2id', {
    message: password,
    nonce: Buffer.from(salt!, 'base64url'),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedBytes.length,
  });
  return timingSafeEqual(actual, expectedBytes);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown address cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('tickscribe-no-such-account');
  await verifyPassword(password, await dummyHash);
  return false;
}
