/**
 * PostgreSQL advisory locks that serialise pushes (used through core/push/locks.ts): everything done to one ticket,
 * and the writes to one connection's tracker, happen one at a time across workflows, browser tabs and workers. Locks are held on a
 * connection of their own small pool, never the ORM's, so pushes waiting for a lock cannot starve the queries of the
 * one holding it. A worker that dies loses its database connection, and PostgreSQL releases its locks with it.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** A lock key as the 64-bit number pg_advisory_lock takes, the same in every process. */
const lockNumber = (name: string) => createHash('sha256').update(`tickscribe:${name}`).digest().readBigInt64BE(0).toString();

/** The locks one piece of work holds, on one database connection. */
export interface LockSession {
  /** Waits for the lock; an abort of `signal` while waiting gives the wait (and every lock of the session) up. */
  lock(name: string, signal?: AbortSignal): Promise<void>;
  /** Lets a lock go before the work ends. */
  unlock(name: string): Promise<void>;
}

import { LOCKS_POOL_SIZE } from './pool-sizes.ts';

export { LOCKS_POOL_SIZE };

export class AdvisoryLocks {
  readonly #pool: pg.Pool;

  constructor(databaseUrl: string, size = LOCKS_POOL_SIZE) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: size, idleTimeoutMillis: 30_000 });
    // An idle connection that breaks is replaced on the next use; it must not take the process down.
    this.#pool.on('error', () => {});
  }

  /**
   * Runs `work` with a session to take locks in; whatever it still holds is let go when it ends. Once a lock is
   * held it stays until unlocked or the work ends, even if the work is cancelled: it may be talking to a tracker.
   */
  async session<T>(work: (session: LockSession) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let broken = false;
    const session: LockSession = {
      async lock(name, signal) {
        if (broken) throw new Error('The push locks were given up.');
        signal?.throwIfAborted();
        const abandon = () => {
          // Ending the connection ends the wait and releases the session's locks.
          broken = true;
          client.release(new Error('The wait for a push lock was given up.'));
        };
        signal?.addEventListener('abort', abandon, { once: true });
        try {
          await client.query('select pg_advisory_lock($1::bigint)', [lockNumber(name)]);
        } catch (error) {
          throw signal?.aborted ? signal.reason : error;
        } finally {
          signal?.removeEventListener('abort', abandon);
        }
      },
      async unlock(name) {
        if (!broken) await client.query('select pg_advisory_unlock($1::bigint)', [lockNumber(name)]);
      },
    };
    try {
      return await work(session);
    } finally {
      if (!broken) {
        try {
          await client.query('select pg_advisory_unlock_all()');
          client.release();
        } catch (error) {
          client.release(error as Error);
        }
      }
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
