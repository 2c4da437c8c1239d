// Analyses, results and jobs as the server answers them, for the push wizard's tests.
import type { PushAnalysis, PushJob, PushProgress, PushResult } from './wizard.ts';

export const github = { id: 'c-gh', name: 'Web on GitHub', connectionType: 'github', projectIdentifier: 'acme/web', userMappings: { 'Grace Hopper': 'grace' } };
export const jira = { id: 'c-jira', name: 'Platform Jira', connectionType: 'jira', projectIdentifier: 'PLAT', userMappings: {} };

/** Website served by GitHub (t1, t2; Alan Turing unmapped), Mobile without a connection (t3), t0 already pushed. */
export function analysis(overrides: Partial<PushAnalysis> = {}): PushAnalysis {
  return {
    selected: 4,
    toPush: 3,
    alreadyPushed: [
      { ticketId: 't0', title: 'Old one', project: 'Website', externalUrl: 'https://github.com/acme/web/issues/1', externalType: 'github', externalKey: '#1' },
    ],
    projects: [
      { project: 'Website', ticketIds: ['t1', 't2'], connection: github },
      { project: 'Mobile', ticketIds: ['t3'], connection: null },
    ],
    connections: [{ connection: github, projects: ['Website'], ticketIds: ['t1', 't2'], unmappedAssignees: ['Alan Turing'] }],
    message: null,
    undecided: [],
    ...overrides,
  };
}

export function progress(overrides: Partial<PushProgress> = {}): PushProgress {
  return { phase: 'creating', total: 2, done: 1, failed: 0, current: { ticketId: 't2', title: 'Build the API' }, waitingUntil: null, ...overrides };
}

/** A finished push of `pushed` (successes) and `failed` ticket ids through GitHub. */
export function result(pushed: string[], failed: string[] = [], batchId = 'b1'): PushResult {
  return {
    batchId,
    connectionId: github.id,
    connectionType: 'github',
    trackerName: 'GitHub',
    totalProcessed: pushed.length + failed.length,
    successfulPushes: pushed.length,
    failedPushes: failed.length,
    skippedTickets: 0,
    projectResults: [{ project: 'Website', total: pushed.length + failed.length, successful: pushed.length, failed: failed.length, skipped: 0 }],
    results: [
      ...pushed.map((ticketId, index) => ({
        ticketId, title: ticketId, project: 'Website', success: true, skipped: false,
        externalUrl: `https://github.com/acme/web/issues/${index + 2}`, externalId: String(index + 2), key: `#${index + 2}`,
      })),
      ...failed.map((ticketId) => ({ ticketId, title: ticketId, project: 'Website', success: false, skipped: false, error: 'Validation Failed' })),
    ],
  };
}

export function job(overrides: Partial<PushJob> = {}): PushJob {
  return {
    connectionId: github.id, connectionName: github.name, connectionType: 'github', projects: ['Website'],
    ticketIds: ['t1', 't2'], userMappings: {}, batchId: 'b1', existing: [], ...overrides,
  };
}
