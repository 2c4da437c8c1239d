/**
 * The `webhook` tracker: delivers each ticket as a signed JSON event (Standard Webhooks) to a URL the user runs.
 * A receiver cannot be asked what it holds, so findByMarker answers null and idempotency rests on the
 * webhook-id, the same for every attempt at one ticket; receivers drop a webhook-id they have seen
 * (docs/webhooks.md). Retries are the push workflow's: a failed delivery throws, it never waits here.
 */
import { randomUUID } from 'node:crypto';
import { markerOf, type TrackerManifest, type TrackerPlugin, type TrackerTicket } from '../../sdk/index.ts';
import { sectionsToMarkdown, ticketSections } from '../shared/sections.ts';
import { deliver, dependencyMessageId, eventOf, itemOf, receiverHost, ticketMessageId, ticketOf } from './delivery.ts';
import { CONFIG_SCHEMA, CREDENTIALS_SCHEMA, type WebhookSettings } from './settings.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'webhook',
  kind: 'tracker',
  name: 'Webhook',
  version: '1.0.0',
  description: 'Sends each ticket, with every field, as a JSON event signed per Standard Webhooks to a URL of your own; see docs/webhooks.md for the payload and how to verify it.',
  configSchema: CONFIG_SCHEMA,
  credentialsSchema: CREDENTIALS_SCHEMA,
};

/** A ticket status in words, for the preview (the payload keeps the value as the schema names it). */
const STATUS_WORDS: Record<TrackerTicket['status'], string> = { ToDo: 'To Do', InProgress: 'In Progress', Done: 'Done' };

/** The data of the event that delivers a ticket: what `create` sends and `preview` shows. */
const createdData = (ticket: TrackerTicket) => ({
  marker: markerOf(ticket.id),
  ticket: ticketOf(ticket),
  body: sectionsToMarkdown(ticketSections(ticket)),
});

const tracker: TrackerPlugin<WebhookSettings> = {
  manifest: MANIFEST,

  async verify(context) {
    await deliver(context, `msg_ping_${randomUUID()}`, 'ping', {});
    return {
      account: context.settings.credentials.secret ? 'deliveries signed with your secret (Standard Webhooks)' : 'unsigned deliveries (no signing secret set)',
      target: receiverHost(context),
    };
  },

  async create(ticket, context) {
    const id = ticketMessageId(ticket.id);
    const response = await deliver(context, id, 'ticket.created', createdData(ticket));
    return itemOf(response, id, context.settings.credentials.url);
  },

  async preview(ticket, context) {
    const data = createdData(ticket);
    const { title, priority, status, project, tags, dueDate } = data.ticket;
    return {
      title,
      body: data.body,
      fields: [
        { name: 'Event', value: 'ticket.created' },
        { name: 'Priority', value: priority },
        { name: 'Status', value: STATUS_WORDS[status] },
        { name: 'Project', value: project },
        ...(tags.length ? [{ name: 'Tags', value: tags.join(', ') }] : []),
        ...(dueDate ? [{ name: 'Due date', value: dueDate }] : []),
      ],
      assignee: ticket.assignee,
      then: [],
      notices: [],
      // The receiver's host alone: webhook URLs keep their secrets in their path and query.
      request: { method: 'POST', url: `${new URL(context.settings.credentials.url).origin}/…`, body: { ...eventOf(context, 'ticket.created', data, new Date()) } },
    };
  },

  findByMarker: async () => null,

  async link(item, dependency, context) {
    const reference = ({ externalId, key, url }: typeof item) => ({ externalId, key, url });
    await deliver(context, dependencyMessageId(item, dependency), 'ticket.dependency', { item: reference(item), dependsOn: reference(dependency) });
    return 'linked';
  },

  /** The receiver maps users itself: the mapped username goes through as it is. */
  resolveUser: async (username) => {
    const name = username.trim();
    return name ? { id: name, name } : null;
  },
};

/** As the host holds it: the host validates the settings against the manifest's schemas before every call. */
export const webhookTracker: TrackerPlugin = tracker;

export default webhookTracker;
