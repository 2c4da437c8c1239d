import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities.ts';

const { deliverEmail } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  // A mail server outage must not lose the e-mail: retry with growing pauses for up to three days.
  scheduleToCloseTimeout: '3 days',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '30 minutes' },
});

/**
 * Delivers one e-mail from the outbox (workflow id `email-<emailId>`): 'sent' through the mail server, 'kept' in the
 * local outbox when no mail server is configured, 'gone' when the e-mail was deleted (with its account) unsent.
 */
export async function deliverEmailWorkflow(emailId: string): Promise<'sent' | 'kept' | 'gone'> {
  return deliverEmail(emailId);
}
