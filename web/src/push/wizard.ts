/**
 * The push wizard's steps as a reducer (the spec's "States and transitions"): analyze, map-connections when projects
 * lack a connection,
 * map-users when assignees lack a mapping, summary, pushing, complete; and what each step sends.
 */
import type { Schema } from '../api/schema.ts';
import type { ConnectionSettings } from '../connections/connectionsApi.ts';
import { pushTexts as texts } from './texts.ts';

export type PushAnalysis = Schema<'PushAnalysis'>;
export type PushProgress = Schema<'PushProgress'>;
export type PushResult = Schema<'PushResult'>;
export type PushStatus = Schema<'PushStatus'>;
export type PushStarted = Schema<'PushStarted'>;
export type BulkPushRequest = Schema<'BulkPushRequest'>;
export type PushCandidates = Schema<'PushCandidates'>;
/** What to do with a ticket an existing item may already stand for: link to it, or comment on it and link; absent: create. */
export type ExistingChoice = NonNullable<BulkPushRequest['choices']>[number];

export const STEPS = ['analyze', 'map-connections', 'map-users', 'summary', 'pushing', 'complete'] as const;
export type WizardStep = (typeof STEPS)[number];

/** One bulk push: the tickets of the analysis that one connection serves. */
export interface PushJob {
  connectionId: string;
  connectionName: string;
  connectionType: string;
  projects: string[];
  ticketIds: string[];
  /** Usernames typed on map-users; empty ones are left out (those assignees stay unassigned). */
  userMappings: Record<string, string>;
  /** Made once per Confirm & Push, so a second request (a retry, a double click) joins the same push. */
  batchId: string;
  /** Tickets linked to an existing item (or commented on it) instead of created. */
  existing: ExistingChoice[];
}

export type JobOutcome = { kind: 'done'; result: PushResult } | { kind: 'failed'; error: string };

export interface WizardState {
  step: WizardStep;
  analysis: PushAnalysis | null;
  /** Map-connections was answered: projects still without a connection are skipped from now on. */
  connectionsAnswered: boolean;
  /** Why there is nothing to push; the wizard stops at the analysis with it. */
  stop: string | null;
  /** The check of map-connections that failed. */
  problem: string | null;
  /** Project → the id of the connection chosen for it ('' for none). */
  choices: Record<string, string>;
  /** Connection id → assignee → username typed. */
  usernames: Record<string, Record<string, string>>;
  /** Ticket id → the existing item chosen on the summary, to link to or comment on; a ticket without one is created. */
  existing: Record<string, ExistingChoice>;
  jobs: PushJob[];
  /** By connection id; a job without one has not finished yet. */
  outcomes: Record<string, JobOutcome>;
  /** The job being pushed now and how far it is. */
  running: { connectionId: string; progress: PushProgress | null } | null;
}

export type WizardEvent =
  | { type: 'analyzed'; analysis: PushAnalysis }
  | { type: 'choose-connection'; project: string; connectionId: string }
  | { type: 'problem'; text: string | null }
  | { type: 'connections-saved' }
  | { type: 'username'; connectionId: string; assignee: string; username: string }
  | { type: 'review' }
  | { type: 'existing'; ticketId: string; choice: ExistingChoice | null }
  | { type: 'push'; jobs: PushJob[] }
  | { type: 'job-started'; connectionId: string }
  | { type: 'job-progress'; connectionId: string; progress: PushProgress }
  | { type: 'job-finished'; connectionId: string; outcome: JobOutcome }
  | { type: 'finished' }
  | { type: 'retry' };

export const initialWizardState: WizardState = {
  step: 'analyze',
  analysis: null,
  connectionsAnswered: false,
  stop: null,
  problem: null,
  choices: {},
  usernames: {},
  existing: {},
  jobs: [],
  outcomes: {},
  running: null,
};

/** The projects of the tickets to push that no connection serves. */
export function projectsWithoutConnection(analysis: PushAnalysis): PushAnalysis['projects'] {
  return analysis.projects.filter((entry) => entry.connection === null);
}

/** Where the wizard goes after an analysis, or why it stops there. */
export function stepAfterAnalysis(analysis: PushAnalysis, connectionsAnswered: boolean): WizardStep | { stop: string } {
  if (analysis.toPush === 0) return { stop: analysis.message ?? texts.noTickets };
  if (!connectionsAnswered && projectsWithoutConnection(analysis).length > 0) return 'map-connections';
  if (!analysis.connections.some((entry) => entry.ticketIds.length > 0)) return { stop: texts.noValidConnections };
  if (analysis.connections.some((entry) => entry.unmappedAssignees.length > 0)) return 'map-users';
  return 'summary';
}

/** The usernames to ask for: each unmapped assignee per connection, keeping what was typed before. */
function usernameFields(analysis: PushAnalysis, typed: WizardState['usernames']): WizardState['usernames'] {
  return Object.fromEntries(
    analysis.connections
      .filter((entry) => entry.unmappedAssignees.length > 0)
      .map(({ connection, unmappedAssignees }) => [
        connection.id,
        Object.fromEntries(unmappedAssignees.map((assignee) => [assignee, typed[connection.id]?.[assignee] ?? ''])),
      ]),
  );
}

/** Map-connections' check: at least one project gets a connection; a warning when some stay without. */
export function checkConnectionChoices(projects: readonly string[], choices: Record<string, string>) {
  const chosen = projects.filter((project) => (choices[project] ?? '') !== '');
  return {
    problem: chosen.length === 0 ? texts.selectConnection : null,
    warning: chosen.length > 0 && chosen.length < projects.length ? texts.someUnmapped : null,
  };
}

/** A connection as map-connections needs it: its id and the settings a PUT sends back whole. */
export interface MappableConnection {
  id: string;
  settings: ConnectionSettings;
}

/**
 * Continue on map-connections: each chosen connection's settings with the projects added to its projectMappings
 * (PUT /api/connections/{id} replaces the settings as a whole, so everything else is sent back as it was).
 */
export function projectMappingUpdates(
  choices: Record<string, string>,
  connections: readonly MappableConnection[],
): { connectionId: string; settings: ConnectionSettings }[] {
  return connections.flatMap((connection) => {
    const added = Object.keys(choices).filter((project) => choices[project] === connection.id);
    if (added.length === 0) return [];
    const known = new Set(connection.settings.projectMappings.map((name) => name.trim().toLowerCase()));
    const fresh = added.filter((project) => !known.has(project.trim().toLowerCase()));
    return [{ connectionId: connection.id, settings: { ...connection.settings, projectMappings: [...connection.settings.projectMappings, ...fresh] } }];
  });
}

/** Confirm & Push: one job per connection that serves some of the tickets. Only tickets without an externalUrl are in the analysis's lists. */
export function planJobs(analysis: PushAnalysis, usernames: WizardState['usernames'], newBatchId: () => string, existing: WizardState['existing'] = {}): PushJob[] {
  return analysis.connections
    .filter((entry) => entry.ticketIds.length > 0)
    .map(({ connection, projects, ticketIds }) => ({
      connectionId: connection.id,
      connectionName: connection.name,
      connectionType: connection.connectionType,
      projects,
      ticketIds,
      userMappings: Object.fromEntries(
        Object.entries(usernames[connection.id] ?? {})
          .map(([assignee, username]) => [assignee, username.trim()] as const)
          .filter(([, username]) => username !== ''),
      ),
      batchId: newBatchId(),
      existing: ticketIds.flatMap((id) => existing[id] ?? []),
    }));
}

/** A batch id: a UUID where the browser makes them (secure contexts), else 32 random hex digits. */
export function newBatchId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The mapping steps this push went past without needing them. All six steps are always shown, so a step keeps its
 * number; one the wizard did not need is marked skipped once the wizard is beyond it (never before, while it may
 * still be needed).
 */
export function skippedSteps(state: Pick<WizardState, 'step' | 'connectionsAnswered' | 'usernames'>): WizardStep[] {
  const at = STEPS.indexOf(state.step);
  const visited = {
    'map-connections': state.connectionsAnswered,
    'map-users': Object.keys(state.usernames).length > 0,
  };
  return (['map-connections', 'map-users'] as const).filter((step) => STEPS.indexOf(step) < at && !visited[step]);
}

/** The body of POST /api/connections/{id}/bulk-push for a job. */
export function bulkPushBody(job: PushJob, waitSeconds: number): BulkPushRequest {
  return {
    ticketIds: job.ticketIds,
    ...(Object.keys(job.userMappings).length > 0 ? { updatedUserMappings: job.userMappings } : {}),
    ...(job.existing.length > 0 ? { choices: job.existing } : {}),
    batchId: job.batchId,
    waitSeconds,
  };
}

/** The jobs of this run that still have to be pushed (all at first; the failed ones on a retry). */
export function pendingJobs(state: WizardState): PushJob[] {
  return state.jobs.filter((job) => state.outcomes[job.connectionId]?.kind !== 'done');
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'analyzed': {
      const next = stepAfterAnalysis(event.analysis, state.connectionsAnswered);
      const usernames = usernameFields(event.analysis, state.usernames);
      if (typeof next === 'object') return { ...state, step: 'analyze', analysis: event.analysis, stop: next.stop, usernames };
      return { ...state, step: next, analysis: event.analysis, stop: null, problem: null, usernames };
    }
    case 'choose-connection':
      return { ...state, problem: null, choices: { ...state.choices, [event.project]: event.connectionId } };
    case 'problem':
      return { ...state, problem: event.text };
    case 'connections-saved':
      return { ...state, step: 'analyze', connectionsAnswered: true, problem: null };
    case 'username':
      return {
        ...state,
        usernames: { ...state.usernames, [event.connectionId]: { ...state.usernames[event.connectionId], [event.assignee]: event.username } },
      };
    case 'existing': {
      const { [event.ticketId]: _dropped, ...rest } = state.existing;
      return { ...state, existing: event.choice ? { ...rest, [event.ticketId]: event.choice } : rest };
    }
    case 'review':
      return state.step === 'map-users' ? { ...state, step: 'summary' } : state;
    case 'push':
      return state.step === 'summary' ? { ...state, step: 'pushing', jobs: event.jobs, outcomes: {}, running: null } : state;
    case 'job-started':
      return { ...state, running: { connectionId: event.connectionId, progress: null } };
    case 'job-progress':
      return state.running?.connectionId === event.connectionId ? { ...state, running: { ...state.running, progress: event.progress } } : state;
    case 'job-finished':
      return { ...state, outcomes: { ...state.outcomes, [event.connectionId]: event.outcome }, running: null };
    case 'finished':
      return { ...state, step: 'complete', running: null };
    case 'retry':
      if (state.step !== 'complete') return state;
      return { ...state, step: 'pushing', running: null, outcomes: Object.fromEntries(Object.entries(state.outcomes).filter(([, outcome]) => outcome.kind === 'done')) };
  }
}
