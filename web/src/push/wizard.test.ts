import { describe, expect, it } from 'vitest';
import { analysis, github, jira, job, progress, result } from './fixtures.ts';
import {
  bulkPushBody, checkConnectionChoices, initialWizardState, newBatchId, pendingJobs, planJobs, projectMappingUpdates, stepAfterAnalysis,
  skippedSteps, wizardReducer, type MappableConnection, type WizardEvent, type WizardState,
} from './wizard.ts';

const SELECT_CONNECTION = 'Please select at least one connection or cancel the operation. Connections are required to push tickets.';
const SOME_UNMAPPED = "Some projects still don't have connections. Only tickets with connections will be processed.";

const play = (events: WizardEvent[], from: WizardState = initialWizardState) => events.reduce(wizardReducer, from);

describe('the step after an analysis', () => {
  it('stops with the server’s words when every selected ticket is already pushed', () => {
    const message = 'All selected tickets have already been pushed to external systems';
    expect(stepAfterAnalysis(analysis({ toPush: 0, projects: [], connections: [], message }), false)).toEqual({ stop: message });
    expect(stepAfterAnalysis(analysis({ toPush: 0, projects: [], connections: [], message: null }), false)).toEqual({ stop: 'No tickets to push' });
  });

  it('asks for connections first, then for users, then shows the summary', () => {
    expect(stepAfterAnalysis(analysis(), false)).toBe('map-connections');
    expect(stepAfterAnalysis(analysis(), true)).toBe('map-users');
    const mapped = analysis({ connections: [{ connection: github, projects: ['Website'], ticketIds: ['t1', 't2'], unmappedAssignees: [] }] });
    expect(stepAfterAnalysis(mapped, true)).toBe('summary');
    expect(stepAfterAnalysis({ ...mapped, projects: mapped.projects.slice(0, 1) }, false)).toBe('summary');
  });

  it('stops when no project left has a connection', () => {
    const none = analysis({ projects: [{ project: 'Mobile', ticketIds: ['t3'], connection: null }], connections: [] });
    expect(stepAfterAnalysis(none, false)).toBe('map-connections');
    expect(stepAfterAnalysis(none, true)).toEqual({ stop: 'No tickets with valid connections to push' });
  });
});

describe('map-connections', () => {
  it('needs at least one connection, and warns when some projects stay without', () => {
    expect(checkConnectionChoices(['Mobile', 'Docs'], {})).toEqual({ problem: SELECT_CONNECTION, warning: null });
    expect(checkConnectionChoices(['Mobile', 'Docs'], { Mobile: '', Docs: '' }).problem).toBe(SELECT_CONNECTION);
    expect(checkConnectionChoices(['Mobile', 'Docs'], { Mobile: 'c-gh' })).toEqual({ problem: null, warning: SOME_UNMAPPED });
    expect(checkConnectionChoices(['Mobile', 'Docs'], { Mobile: 'c-gh', Docs: 'c-jira' })).toEqual({ problem: null, warning: null });
  });

  it('sends each chosen connection’s settings back whole, with the projects added once', () => {
    const connections: MappableConnection[] = [
      { id: 'c-gh', settings: { projectMappings: ['Website'], userMappings: { Grace: 'grace' }, baseUrl: 'http://127.0.0.1:9' } },
      { id: 'c-jira', settings: { projectMappings: ['docs'], userMappings: {}, includePriority: false } },
      { id: 'c-miro', settings: { projectMappings: [], userMappings: {} } },
    ];
    expect(projectMappingUpdates({ Mobile: 'c-gh', Apps: 'c-gh', Docs: 'c-jira', Blog: '' }, connections)).toEqual([
      { connectionId: 'c-gh', settings: { projectMappings: ['Website', 'Mobile', 'Apps'], userMappings: { Grace: 'grace' }, baseUrl: 'http://127.0.0.1:9' } },
      { connectionId: 'c-jira', settings: { projectMappings: ['docs'], userMappings: {}, includePriority: false } },
    ]);
  });
});

describe('what Confirm & Push sends', () => {
  it('one job per connection with tickets to push, only the usernames typed, a batch id each', () => {
    const ids = ['b-1', 'b-2'];
    const twoConnections = analysis({
      connections: [
        { connection: github, projects: ['Website'], ticketIds: ['t1', 't2'], unmappedAssignees: ['Alan Turing', 'Ada'] },
        { connection: jira, projects: ['Platform'], ticketIds: ['t4'], unmappedAssignees: [] },
        { connection: { ...jira, id: 'c-idle' }, projects: [], ticketIds: [], unmappedAssignees: [] },
      ],
    });
    const jobs = planJobs(twoConnections, { 'c-gh': { 'Alan Turing': ' alan ', Ada: '  ' } }, () => ids.shift()!);
    expect(jobs).toEqual([
      { connectionId: 'c-gh', connectionName: 'Web on GitHub', connectionType: 'github', projects: ['Website'], ticketIds: ['t1', 't2'], userMappings: { 'Alan Turing': 'alan' }, batchId: 'b-1', existing: [] },
      { connectionId: 'c-jira', connectionName: 'Platform Jira', connectionType: 'jira', projects: ['Platform'], ticketIds: ['t4'], userMappings: {}, batchId: 'b-2', existing: [] },
    ]);
    expect(bulkPushBody(jobs[0]!, 20)).toEqual({ ticketIds: ['t1', 't2'], updatedUserMappings: { 'Alan Turing': 'alan' }, batchId: 'b-1', waitSeconds: 20 });
    expect(bulkPushBody(jobs[1]!, 20)).toEqual({ ticketIds: ['t4'], batchId: 'b-2', waitSeconds: 20 });
  });

  it('sends the existing items chosen on the summary with their connection\'s push, and drops a choice set back to create', () => {
    let state = initialWizardState;
    state = wizardReducer(state, { type: 'existing', ticketId: 't2', choice: { ticketId: 't2', action: 'comment', externalId: '12' } });
    state = wizardReducer(state, { type: 'existing', ticketId: 't1', choice: { ticketId: 't1', action: 'link', externalId: '7' } });
    state = wizardReducer(state, { type: 'existing', ticketId: 't1', choice: null });
    const [only] = planJobs(analysis(), {}, () => 'b', state.existing);
    expect(only!.existing).toEqual([{ ticketId: 't2', action: 'comment', externalId: '12' }]);
    expect(bulkPushBody(only!, 20)).toEqual({ ticketIds: ['t1', 't2'], choices: [{ ticketId: 't2', action: 'comment', externalId: '12' }], batchId: 'b', waitSeconds: 20 });
  });

  it('leaves the tickets already pushed and those without a connection out', () => {
    const [only] = planJobs(analysis(), {}, () => 'b');
    expect(only!.ticketIds).toEqual(['t1', 't2']);
  });

  it('makes batch ids the server accepts, a new one each time', () => {
    const [first, second] = [newBatchId(), newBatchId()];
    expect(first).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(first).not.toBe(second);
  });
});

describe('the wizard’s steps', () => {
  it('goes analyze → map-connections → (analyze again) → map-users → summary → pushing → complete', () => {
    let state = play([{ type: 'analyzed', analysis: analysis() }]);
    expect(state.step).toBe('map-connections');
    expect(skippedSteps(state)).toEqual([]);

    state = play([{ type: 'problem', text: SELECT_CONNECTION }], state);
    expect(state.problem).toBe(SELECT_CONNECTION);
    state = play([{ type: 'choose-connection', project: 'Mobile', connectionId: 'c-gh' }, { type: 'connections-saved' }], state);
    expect(state).toMatchObject({ step: 'analyze', connectionsAnswered: true, problem: null, choices: { Mobile: 'c-gh' } });

    const remapped = analysis({
      projects: [
        { project: 'Website', ticketIds: ['t1', 't2'], connection: github },
        { project: 'Mobile', ticketIds: ['t3'], connection: github },
      ],
      connections: [{ connection: github, projects: ['Website', 'Mobile'], ticketIds: ['t1', 't2', 't3'], unmappedAssignees: ['Alan Turing', 'Ada'] }],
    });
    state = play([{ type: 'analyzed', analysis: remapped }], state);
    expect(state.step).toBe('map-users');
    expect(state.usernames).toEqual({ 'c-gh': { 'Alan Turing': '', Ada: '' } });
    // Map connections was answered, not skipped: the steps keep their numbers.
    expect(skippedSteps(state)).toEqual([]);

    state = play([{ type: 'username', connectionId: 'c-gh', assignee: 'Ada', username: 'ada' }, { type: 'review' }], state);
    expect(state).toMatchObject({ step: 'summary', usernames: { 'c-gh': { 'Alan Turing': '', Ada: 'ada' } } });

    const jobs = planJobs(remapped, state.usernames, () => 'b1');
    state = play([{ type: 'push', jobs }, { type: 'job-started', connectionId: 'c-gh' }, { type: 'job-progress', connectionId: 'c-gh', progress: progress() }], state);
    expect(state).toMatchObject({ step: 'pushing', running: { connectionId: 'c-gh', progress: { done: 1 } } });
    // A second Confirm & Push (a double click) changes nothing.
    expect(wizardReducer(state, { type: 'push', jobs: [] }).jobs).toBe(jobs);

    state = play([{ type: 'job-finished', connectionId: 'c-gh', outcome: { kind: 'done', result: result(['t1', 't2', 't3']) } }, { type: 'finished' }], state);
    expect(state).toMatchObject({ step: 'complete', running: null });
    expect(pendingJobs(state)).toEqual([]);
  });

  it('marks the mapping steps nothing needed as skipped once past them, and none before', () => {
    const mapped = analysis({
      projects: [{ project: 'Website', ticketIds: ['t1', 't2'], connection: github }],
      connections: [{ connection: github, projects: ['Website'], ticketIds: ['t1', 't2'], unmappedAssignees: [] }],
    });
    expect(skippedSteps(initialWizardState)).toEqual([]);
    let state = play([{ type: 'analyzed', analysis: mapped }]);
    expect(state.step).toBe('summary');
    expect(skippedSteps(state)).toEqual(['map-connections', 'map-users']);
    state = play([{ type: 'push', jobs: planJobs(mapped, state.usernames, () => 'b1') }], state);
    expect(skippedSteps(state)).toEqual(['map-connections', 'map-users']);

    // Users to map but every project connected: only Map connections was skipped.
    state = play([{ type: 'analyzed', analysis: analysis({ projects: [{ project: 'Website', ticketIds: ['t1', 't2'], connection: github }] }) }]);
    expect(state.step).toBe('map-users');
    expect(skippedSteps(state)).toEqual(['map-connections']);
  });

  it('stops at the analysis with the reason when there is nothing to push', () => {
    const state = play([{ type: 'analyzed', analysis: analysis({ toPush: 0, projects: [], connections: [], message: 'All selected tickets have already been pushed to external systems' }) }]);
    expect(state).toMatchObject({ step: 'analyze', stop: 'All selected tickets have already been pushed to external systems' });
  });

  it('keeps usernames typed earlier when the analysis comes again', () => {
    let state = play([{ type: 'analyzed', analysis: analysis() }, { type: 'username', connectionId: 'c-gh', assignee: 'Alan Turing', username: 'alan' }]);
    state = play([{ type: 'connections-saved' }, { type: 'analyzed', analysis: analysis() }], state);
    expect(state.usernames).toEqual({ 'c-gh': { 'Alan Turing': 'alan' } });
  });

  it('retries only the failed connections, with the same batch ids', () => {
    const jobs = [job(), job({ connectionId: 'c-jira', connectionName: 'Platform Jira', connectionType: 'jira', ticketIds: ['t4'], batchId: 'b2' })];
    let state: WizardState = { ...initialWizardState, step: 'summary', analysis: analysis() };
    state = play([
      { type: 'push', jobs },
      { type: 'job-finished', connectionId: 'c-gh', outcome: { kind: 'done', result: result(['t1', 't2']) } },
      { type: 'job-finished', connectionId: 'c-jira', outcome: { kind: 'failed', error: 'Push operation failed' } },
      { type: 'finished' },
    ], state);
    expect(pendingJobs(state)).toEqual([jobs[1]]);
    state = wizardReducer(state, { type: 'retry' });
    expect(state.step).toBe('pushing');
    expect(Object.keys(state.outcomes)).toEqual(['c-gh']);
  });
});
