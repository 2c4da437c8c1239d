import type { TrackerPlugin } from '../sdk/index.ts';
import { azureTracker } from './azure/index.ts';
import { githubTracker } from './github/index.ts';
import { jiraTracker } from './jira/index.ts';
import { miroTracker } from './miro/index.ts';
import { webhookTracker } from './webhook/index.ts';

/** The built-in trackers; the host hands them a connection's settings and its HTTP client. */
export const BUILTIN_TRACKERS: TrackerPlugin[] = [githubTracker, jiraTracker, azureTracker, miroTracker, webhookTracker];
