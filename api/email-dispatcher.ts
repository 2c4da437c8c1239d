import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Logger } from '../core/logger.ts';
import type { EmailDispatcher } from '../core/mail/outbox.ts';

/** Starts `email-<id>` workflows. A failed start leaves the e-mail pending; the next start of the API resends it. */
export function temporalEmailDispatcher(client: Client, taskQueue: string, logger: Logger): EmailDispatcher {
  return {
    async dispatch(emailIds) {
      for (const emailId of emailIds) {
        try {
          await client.workflow.start('deliverEmailWorkflow', { taskQueue, workflowId: `email-${emailId}`, args: [emailId] });
        } catch (error) {
          if (error instanceof WorkflowExecutionAlreadyStartedError) continue;
          logger.error({ err: error, emailId }, 'could not start the delivery of an e-mail; it stays in the outbox');
        }
      }
    },
  };
}
