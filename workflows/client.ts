/**
 * Starting and stopping workflows from outside the worker: one typed helper per workflow, each owning its
 * workflow id, so a second start of the same work joins the first instead of running it twice.
 */
import {
  isGrpcDeadlineError, WorkflowExecutionAlreadyStartedError, WorkflowFailedError, WorkflowNotFoundError, type Client, type WorkflowExecutionDescription,
} from '@temporalio/client';
import type { BotLifecycleInput, BotSignal } from './definitions/bot.ts';
import type { CreditSchedules } from '../core/credits/resets.ts';
import type { Logger } from '../core/logger.ts';
import type { EmailDispatcher } from '../core/mail/outbox.ts';
import type { PushInput } from '../core/push/types.ts';
import type { PushProgress, PushResult } from '../schemas/types.ts';
import type { StatusSendInput } from '../core/tracker-status/send.ts';
import type {
  botLifecycleWorkflow, creditsWorkflow, deliverEmailWorkflow, ingestTranscriptWorkflow, pushTicketsWorkflow, sendTicketStatusWorkflow, trackerStatusWorkflow,
} from './workflows.ts';
import { BATCH_ATTRIBUTE, CONNECTION_ATTRIBUTE, oneLine, TRANSCRIPT_ATTRIBUTE, USER_ATTRIBUTE, WORKSPACE_ATTRIBUTE } from './shared/labels.ts';

const ingestWorkflowId = (transcriptId: string) => `ingest-${transcriptId}`;
const emailWorkflowId = (emailId: string) => `email-${emailId}`;
const pushWorkflowId = (connectionId: string, batchId: string) => `push-${connectionId}-${batchId}`;

/** What the Temporal UI shows of an ingest: whose it is and which file. */
export interface IngestLabel {
  userId: string;
  /** The uploaded file's name ("weekly-sync.vtt"). */
  fileName: string;
}

/**
 * Starts the ingest of a stored transcript, labelled for operators (search attributes TickscribeUser and
 * TickscribeTranscript, summary "Ingest weekly-sync.vtt"); a start for a transcript already being ingested is a no-op.
 */
export async function startIngest(client: Client, taskQueue: string, transcriptId: string, label: IngestLabel): Promise<void> {
  try {
    await client.workflow.start<typeof ingestTranscriptWorkflow>('ingestTranscriptWorkflow', {
      taskQueue, workflowId: ingestWorkflowId(transcriptId), args: [transcriptId],
      typedSearchAttributes: [{ key: USER_ATTRIBUTE, value: label.userId }, { key: TRANSCRIPT_ATTRIBUTE, value: transcriptId }],
      staticSummary: oneLine(`Ingest ${label.fileName}`),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Cancels a running ingest; true when there was one to cancel. */
export async function cancelIngest(client: Client, transcriptId: string): Promise<boolean> {
  try {
    await client.workflow.getHandle(ingestWorkflowId(transcriptId)).cancel();
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Starts `email-<id>` workflows. A failed start leaves the e-mail pending; the next start of the API resends it. */
export function temporalEmailDispatcher(client: Client, taskQueue: string, logger: Logger): EmailDispatcher {
  return {
    async dispatch(emailIds) {
      for (const emailId of emailIds) {
        try {
          await client.workflow.start<typeof deliverEmailWorkflow>('deliverEmailWorkflow', {
            taskQueue, workflowId: emailWorkflowId(emailId), args: [emailId], staticSummary: 'Deliver an e-mail',
          });
        } catch (error) {
          if (error instanceof WorkflowExecutionAlreadyStartedError) continue;
          logger.error({ err: error, emailId }, 'could not start the delivery of an e-mail; it stays in the outbox');
        }
      }
    },
  };
}

/** What the Temporal UI shows of a push: the tracker plugin and where it pushes ("github", "acme/web"). */
export interface PushLabel {
  tracker: string;
  project: string;
}

/**
 * Starts `push-<connectionId>-<batchId>`, labelled for operators (search attributes TickscribeUser, TickscribeWorkspace,
 * TickscribeConnection and TickscribeBatch, summary "Push 5 tickets to GitHub acme/web"). A start while that push
 * runs, or after it completed, joins it (the tickets of the second start are not looked at); only a push that ended
 * without finishing starts again.
 */
export async function startPush(client: Client, taskQueue: string, input: PushInput, label: PushLabel): Promise<void> {
  const count = new Set(input.ticketIds).size;
  try {
    await client.workflow.start<typeof pushTicketsWorkflow>('pushTicketsWorkflow', {
      taskQueue, workflowId: pushWorkflowId(input.connectionId, input.batchId), args: [input],
      workflowIdConflictPolicy: 'USE_EXISTING', workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      typedSearchAttributes: [
        { key: USER_ATTRIBUTE, value: input.userId },
        ...(input.workspaceId ? [{ key: WORKSPACE_ATTRIBUTE, value: input.workspaceId }] : []),
        { key: CONNECTION_ATTRIBUTE, value: input.connectionId },
        { key: BATCH_ATTRIBUTE, value: input.batchId },
      ],
      staticSummary: oneLine(`Push ${count} ticket${count === 1 ? '' : 's'} to ${label.tracker} ${label.project}`),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

export type PushState =
  | { status: 'running'; progress: PushProgress | null }
  | { status: 'completed'; result: PushResult }
  | { status: 'failed'; error: string };

/** How long a progress query may take: it needs a worker, and none may be answering (one just died). */
const QUERY_DEADLINE_MS = 2_000;

const STOPPED = 'The push stopped before it finished. Push the tickets again: those already pushed are not pushed twice.';

/**
 * Where a push stands, waiting up to `waitMs` for it to finish; null when there is no such push. Progress is
 * null when no worker answers the query in time.
 */
export async function readPush(client: Client, connectionId: string, batchId: string, waitMs = 0): Promise<PushState | null> {
  const handle = client.workflow.getHandle<typeof pushTicketsWorkflow>(pushWorkflowId(connectionId, batchId));
  let status: string;
  let description: WorkflowExecutionDescription;
  try {
    description = await handle.describe();
    status = description.status.name;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
  if (status === 'RUNNING' && waitMs > 0) {
    try {
      return { status: 'completed', result: await client.withDeadline(Date.now() + waitMs, () => handle.result()) };
    } catch (error) {
      if (error instanceof WorkflowFailedError) return { status: 'failed', error: STOPPED };
      // Still running when the wait is up.
      if (!isGrpcDeadlineError(error)) throw error;
    }
  }
  if (status === 'COMPLETED') return { status: 'completed', result: await handle.result() };
  if (status !== 'RUNNING') return { status: 'failed', error: STOPPED };
  const progress = await client
    .withDeadline(Date.now() + QUERY_DEADLINE_MS, () => handle.query<PushProgress>('pushProgress'))
    .catch(() => null);
  return { status: 'running', progress: progress && { ...progress, lastError: lastRetriedFailure(description) } };
}

/**
 * The failure a step of the push is being tried again after, in the tracker's words, from Temporal's pending
 * activities (the workflow itself hears of a step's failures only once its retries are spent); null when no step
 * is retrying. With several, the one that has been tried most.
 */
function lastRetriedFailure(description: WorkflowExecutionDescription): string | null {
  const retrying = (description.raw.pendingActivities ?? [])
    .filter((activity) => activity.lastFailure?.message)
    .sort((a, b) => (b.attempt ?? 0) - (a.attempt ?? 0))[0];
  if (!retrying) return null;
  const of = retrying.maximumAttempts ? ` of ${retrying.maximumAttempts}` : '';
  return `${retrying.lastFailure!.message} (trying again: attempt ${retrying.attempt ?? 2}${of})`;
}

const creditsWorkflowId = (workspaceId: string) => `credits-${workspaceId}`;
const creditsLabel = (workspaceId: string) => ({
  typedSearchAttributes: [{ key: WORKSPACE_ATTRIBUTE, value: workspaceId }], staticSummary: 'Monthly credit resets',
});

async function startCredits(client: Client, taskQueue: string, workspaceId: string): Promise<boolean> {
  try {
    await client.workflow.start<typeof creditsWorkflow>('creditsWorkflow', {
      taskQueue, workflowId: creditsWorkflowId(workspaceId), args: [workspaceId, null], ...creditsLabel(workspaceId),
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/**
 * The monthly credit resets as `credits-<workspaceId>` workflows: started once per workspace (a start while one runs
 * joins it) and told when the subscription date moved, which starts one when none runs.
 */
export function temporalCreditSchedules(client: Client, taskQueue: string): CreditSchedules {
  const known = new Set<string>();
  return {
    async ensure(workspaceId) {
      if (known.has(workspaceId)) return;
      await startCredits(client, taskQueue, workspaceId);
      known.add(workspaceId);
    },
    async anchorChanged(workspaceId) {
      await client.workflow.signalWithStart<typeof creditsWorkflow, []>('creditsWorkflow', {
        taskQueue, workflowId: creditsWorkflowId(workspaceId), args: [workspaceId, null], signal: 'creditAnchorChanged', signalArgs: [],
        ...creditsLabel(workspaceId),
      });
      known.add(workspaceId);
    },
  };
}

/** The ids of the running workflows of `type` (a start-up sweep's list); undefined when `signal` stopped the listing. */
async function runningWorkflowIds(client: Client, type: 'creditsWorkflow' | 'trackerStatusWorkflow', signal?: AbortSignal): Promise<Set<string> | undefined> {
  const running = new Set<string>();
  for await (const execution of client.workflow.list({ query: `WorkflowType = '${type}' AND ExecutionStatus = 'Running'` })) {
    if (signal?.aborted) return undefined;
    running.add(execution.workflowId);
  }
  return running;
}

/**
 * Starts the credits workflow of every workspace in `workspaceIds` that has none running (workspaces made while no
 * schedule was started for them, or a Temporal whose state was lost). Returns how many it started.
 */
export async function startMissingCreditSchedules(client: Client, taskQueue: string, workspaceIds: string[], signal?: AbortSignal): Promise<number> {
  const running = await runningWorkflowIds(client, 'creditsWorkflow', signal);
  if (!running) return 0;
  let started = 0;
  for (const workspaceId of workspaceIds) {
    if (signal?.aborted) break;
    if (!running.has(creditsWorkflowId(workspaceId)) && (await startCredits(client, taskQueue, workspaceId))) started += 1;
  }
  return started;
}

const botWorkflowId = (providerBotId: string) => `bot-${providerBotId}`;

/**
 * What the Temporal UI shows of a bot from its start: its summary. Its input names no user, so the lifecycle adds
 * its TickscribeUser itself, and its TickscribeTranscript once the transcript is stored.
 */
const botLabel = (input: BotLifecycleInput) => ({ staticSummary: oneLine(`Meeting bot ${input.providerBotId} (${input.provider})`) });

/** Starts the lifecycle of a sent bot, `bot-<providerBotId>`; a start while it runs, or after it ended, changes nothing. */
export async function startBotLifecycle(client: Client, taskQueue: string, input: BotLifecycleInput): Promise<void> {
  try {
    await client.workflow.start<typeof botLifecycleWorkflow>('botLifecycleWorkflow', {
      taskQueue, workflowId: botWorkflowId(input.providerBotId), args: [input], workflowIdReusePolicy: 'REJECT_DUPLICATE', ...botLabel(input),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * Signals a bot's lifecycle, starting it first when it never started (its start was lost); false when the
 * lifecycle has already ended, which nothing starts again.
 */
async function signalBot(client: Client, taskQueue: string, input: BotLifecycleInput, signal: 'botEvent' | 'cancelBot', signalArgs: unknown[]): Promise<boolean> {
  try {
    await client.workflow.signalWithStart<typeof botLifecycleWorkflow, unknown[]>('botLifecycleWorkflow', {
      taskQueue, workflowId: botWorkflowId(input.providerBotId), args: [input], signal, signalArgs, workflowIdReusePolicy: 'REJECT_DUPLICATE', ...botLabel(input),
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/** Hands a verified, de-duplicated webhook event to the bot's lifecycle; false when it has already ended. */
export function sendBotEvent(client: Client, taskQueue: string, input: BotLifecycleInput, event: BotSignal): Promise<boolean> {
  return signalBot(client, taskQueue, input, 'botEvent', [event]);
}

/** Asks the bot's lifecycle to end the bot at the service; false when it has already ended. */
export function cancelBotLifecycle(client: Client, taskQueue: string, input: BotLifecycleInput): Promise<boolean> {
  return signalBot(client, taskQueue, input, 'cancelBot', []);
}

const trackerStatusWorkflowId = (connectionId: string) => `tracker-status-${connectionId}`;
const statusSendWorkflowId = (connectionId: string, ticketId: string) => `tracker-status-send-${connectionId}-${ticketId}`;

/** A connection whose items' status is polled: its workspace, and what the Temporal UI shows of it. */
export interface PolledConnection {
  connectionId: string;
  workspaceId: string;
  /** The tracker's name and where it pushes ("GitHub", "acme/web"). */
  tracker: string;
  project: string;
}

/** Starts `tracker-status-<connectionId>`; true when started, false when one runs already. */
async function startStatusPoll(client: Client, taskQueue: string, connection: PolledConnection, intervalSeconds: number): Promise<boolean> {
  try {
    await client.workflow.start<typeof trackerStatusWorkflow>('trackerStatusWorkflow', {
      taskQueue, workflowId: trackerStatusWorkflowId(connection.connectionId), args: [{ connectionId: connection.connectionId, intervalSeconds }],
      workflowIdConflictPolicy: 'FAIL', workflowIdReusePolicy: 'ALLOW_DUPLICATE',
      typedSearchAttributes: [{ key: WORKSPACE_ATTRIBUTE, value: connection.workspaceId }, { key: CONNECTION_ATTRIBUTE, value: connection.connectionId }],
      staticSummary: oneLine(`Follow the status of ${connection.tracker} ${connection.project} items`),
    });
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/**
 * The status polls as `tracker-status-<connectionId>` workflows, every TRACKER_STATUS_POLL_SECONDS: `ensure` starts a
 * connection's when it pushes (a start while one runs changes nothing; one that ended, its connection deleted, is not
 * started again by a connection that no longer exists).
 */
export function temporalStatusPolls(client: Client, taskQueue: string, intervalSeconds: number) {
  const known = new Set<string>();
  return {
    async ensure(connection: PolledConnection): Promise<void> {
      if (known.has(connection.connectionId)) return;
      await startStatusPoll(client, taskQueue, connection, intervalSeconds);
      known.add(connection.connectionId);
    },
  };
}

export type StatusPolls = ReturnType<typeof temporalStatusPolls>;

/**
 * Starts the status poll of every connection in `connections` that has none running (connections that pushed before
 * polls existed, or a Temporal whose state was lost). Returns how many it started.
 */
export async function startMissingStatusPolls(
  client: Client, taskQueue: string, connections: PolledConnection[], intervalSeconds: number, signal?: AbortSignal,
): Promise<number> {
  const running = await runningWorkflowIds(client, 'trackerStatusWorkflow', signal);
  if (!running) return 0;
  let started = 0;
  for (const connection of connections) {
    if (signal?.aborted) break;
    if (!running.has(trackerStatusWorkflowId(connection.connectionId)) && (await startStatusPoll(client, taskQueue, connection, intervalSeconds))) started += 1;
  }
  return started;
}

/**
 * Starts `tracker-status-send-<connectionId>-<ticketId>`, sending a status set in Tickscribe to the ticket's item; a
 * send of an earlier edit still under way is replaced, so the last edit's status is the one that lands.
 */
export async function startStatusSend(client: Client, taskQueue: string, input: StatusSendInput & { workspaceId: string }): Promise<void> {
  const { workspaceId, ...send } = input;
  await client.workflow.start<typeof sendTicketStatusWorkflow>('sendTicketStatusWorkflow', {
    taskQueue, workflowId: statusSendWorkflowId(send.connectionId, send.ticketId), args: [send],
    workflowIdConflictPolicy: 'TERMINATE_EXISTING', workflowIdReusePolicy: 'ALLOW_DUPLICATE',
    typedSearchAttributes: [
      { key: USER_ATTRIBUTE, value: send.actorId }, { key: WORKSPACE_ATTRIBUTE, value: workspaceId }, { key: CONNECTION_ATTRIBUTE, value: send.connectionId },
    ],
    staticSummary: oneLine(`Send the status ${send.status} of a ticket to its tracker item`),
  });
}
