// How many PostgreSQL connections each kind of pool opens at most, apart from the pools themselves so that a start
// can size the embedded PostgreSQL before it loads the ORM (a large import: see server/main.ts).

/** Connections a process's ORM opens at most. */
export const ORM_POOL_SIZE = 10;

/** Connections an AdvisoryLocks opens at most (one per lock held or awaited; none while no push runs). */
export const LOCKS_POOL_SIZE = 20;
