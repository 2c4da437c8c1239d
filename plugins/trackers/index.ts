import type { TrackerPlugin } from '../sdk/index.ts';

/** The built-in trackers; the host hands them a connection's settings and its HTTP client. */
export const BUILTIN_TRACKERS: TrackerPlugin[] = [];
