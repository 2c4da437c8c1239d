import { patched, proxyActivities, proxyLocalActivities, setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities.ts';
import { oneLine, USER_ATTRIBUTE } from '../shared/labels.ts';

const { deliverEmail } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  // A mail server outage must not lose the e-mail: retry with growing pauses for up to three days.
  scheduleToCloseTimeout: '3 days',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '30 minutes' },
});

const { emailLabel } = proxyLocalActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: { maximumAttempts: 3 } });

/**
 * Delivers one e-mail from the outbox (workflow id `email-<emailId>`): 'sent' through the mail server, 'kept' in the
 * local outbox when no mail server is configured, 'gone' when the e-mail was deleted (with its account) unsent.
 * It labels itself first with the account it goes to (TickscribeUser) and its subject (the current details), which
 * its start does not know; a label that cannot be read never stops the delivery.
 */
export async function deliverEmailWorkflow(emailId: string): Promise<'sent' | 'kept' | 'gone'> {
  // Runs started before the labels replay without them.
  if (patched('operator-labels')) {
    const label = await emailLabel(emailId).catch(() => null);
    if (label?.userId) upsertSearchAttributes([{ key: USER_ATTRIBUTE, value: label.userId }]);
    if (label) setCurrentDetails(oneLine(`E-mail "${label.subject}"`));
  }
  return deliverEmail(emailId);
}
