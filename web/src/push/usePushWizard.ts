import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { failureText } from '../api/client.ts';
import { queryKeys, refreshTickets } from '../api/queryKeys.ts';
import { connectionsApi } from '../connections/connectionsApi.ts';
import { apiPushCalls, pushApi } from './pushApi.ts';
import { runJobs } from './run.ts';
import { pushTexts as texts } from './texts.ts';
import {
  checkConnectionChoices, initialWizardState, newBatchId, pendingJobs, planJobs, projectMappingUpdates, projectsWithoutConnection,
  skippedSteps, wizardReducer, type PushJob,
} from './wizard.ts';

/**
 * The push wizard's state and calls for the selected tickets: the analysis when it opens (and again after
 * map-connections saved its choices), the user's connections for map-connections, and the pushes of Confirm & Push.
 */
export function usePushWizard(ticketIds: readonly string[]) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);

  const analysis = useMutation({
    mutationFn: () => pushApi.analyze([...ticketIds]),
    onSuccess: (answer) => dispatch({ type: 'analyzed', analysis: answer }),
  });
  const { mutate: analyze } = analysis;
  useEffect(() => analyze(), [analyze]);

  const connections = useQuery({
    queryKey: queryKeys.connections.list,
    queryFn: connectionsApi.list,
    enabled: state.step === 'map-connections',
  });

  const mappings = useMutation({
    mutationFn: (updates: ReturnType<typeof projectMappingUpdates>) =>
      Promise.all(updates.map((update) => pushApi.saveSettings(update.connectionId, update.settings))),
    onSuccess: () => {
      dispatch({ type: 'connections-saved' });
      analyze();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
  });

  const run = useMutation({
    mutationFn: (jobs: PushJob[]) =>
      runJobs(jobs, apiPushCalls, {
        started: (job) => dispatch({ type: 'job-started', connectionId: job.connectionId }),
        progress: (job, progress) => dispatch({ type: 'job-progress', connectionId: job.connectionId, progress }),
        finished: (job, outcome) => dispatch({ type: 'job-finished', connectionId: job.connectionId, outcome }),
      }),
    onSettled: async () => {
      dispatch({ type: 'finished' });
      await Promise.all([refreshTickets(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.connections.all })]);
    },
  });

  const unmappedProjects = state.analysis ? projectsWithoutConnection(state.analysis).map((entry) => entry.project) : [];
  const choiceCheck = checkConnectionChoices(unmappedProjects, state.choices);

  return {
    state,
    dispatch,
    skipped: skippedSteps(state),
    // The run's refresh of the lists after the push is not waited for: Close is ready as soon as the result shows.
    busy: analysis.isPending || mappings.isPending || state.step === 'pushing',
    analyzing: analysis.isPending,
    analyzeError: analysis.isError ? failureText(analysis.error, texts.analyzeFailed) : null,
    connections,
    saving: mappings.isPending,
    saveError: mappings.isError ? failureText(mappings.error, texts.mappingsFailed) : null,
    /** Shown on map-connections once some, but not all, projects have a connection chosen. */
    unmappedWarning: choiceCheck.warning,

    retryAnalysis: () => analyze(),
    /** Continue on map-connections: the check, then each chosen project added to its connection. */
    saveConnections: () => {
      if (choiceCheck.problem !== null) {
        dispatch({ type: 'problem', text: choiceCheck.problem });
        return;
      }
      mappings.mutate(projectMappingUpdates(state.choices, connections.data ?? []));
    },
    review: () => dispatch({ type: 'review' }),
    /** Confirm & Push: one batch id per connection, kept for a retry so that it joins the same push. */
    confirm: () => {
      if (state.analysis === null || run.isPending) return;
      const jobs = planJobs(state.analysis, state.usernames, newBatchId, state.existing);
      dispatch({ type: 'push', jobs });
      run.mutate(jobs);
    },
    retryFailed: () => {
      const jobs = pendingJobs(state);
      dispatch({ type: 'retry' });
      run.mutate(jobs);
    },
  };
}

export type PushWizardState = ReturnType<typeof usePushWizard>;
