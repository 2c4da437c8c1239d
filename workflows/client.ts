/**
 * Starting and stopping workflows from outside the worker: one typed helper per workflow, each owning its
 * workflow id, so a second start of the same work joins the first instead of running it twice.
 */
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Logger } from '../core/logger.ts';
import type { EmailDispatcher } from '../core/mail/outbox.ts';
import type { deliverEmailWorkflow, ingestTranscriptWorkflow } from './workflows.ts';

const ingestWorkflowId = (transcriptId: string) => `ingest-${transcriptId}`;
const emailWorkflowId = (emailId: string) => `email-${emailId}`;

/** Starts the ingest of a stored transcript; a start for a transcript already being ingested is a no-op. */
export async function startIngest(client: Client, taskQueue: string, transcriptId: string): Promise<void> {
  try {
    await client.workflow.start<typeof ingestTranscriptWorkflow>('ingestTranscriptWorkflow', {
      taskQueue, workflowId: ingestWorkflowId(transcriptId), args: [transcriptId],
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
            taskQueue, workflowId: emailWorkflowId(emailId), args: [emailId],
          });
        } catch (error) {
          if (error instanceof WorkflowExecutionAlreadyStartedError) continue;
          logger.error({ err: error, emailId }, 'could not start the delivery of an e-mail; it stays in the outbox');
        }
      }
    },
  };
}
