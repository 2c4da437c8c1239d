/** The push locks: PostgreSQL advisory locks, kept with the rest of the SQL in the data layer (core/db). */
export { AdvisoryLocks, LOCKS_POOL_SIZE, type LockSession } from '../db/advisory-locks.ts';
