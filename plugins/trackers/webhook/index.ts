/**
 * The `webhook` tracker: delivers each ticket as a signed JSON event (Standard Webhooks) to a URL the user runs.
 * A receiver cannot be asked what it holds, so findByMarker answers null and idempotency rests on the
 * webhook-id, the same for every attempt at one ticket; receivers drop a webhook-id they have seen
 * (docs/webhooks.md). Retries are the push workflow's: a failed delivery throws, it never waits here.
 */
import { randomUUID } from 'node:crypto';
import { markerOf, type TrackerContext, type TrackerManifest, type TrackerPlugin } from '../../sdk/index.ts';
import { sectionsToMarkdown, ticketSections } from '../shared/sections.ts';
import { deliver, dependencyMessageId, itemOf, receiverHost, settingsOf, ticketMessageId, ticketOf } from './delivery.ts';
import { trackerConfigSchema } from '../shared/manifest.ts';

const MANIFEST: TrackerManifest = {
  apiVersion: 1,
  id: 'webhook',
  kind: 'tracker',
  name: 'Webhook',
  version: '1.0.0',
  description: 'Sends each ticket, with every field, as a JSON event signed per Standard Webhooks to a URL of your own; see docs/webhooks.md for the payload and how to verify it.',
  configSchema: trackerConfigSchema({
    projectIdentifier: {
      type: 'string', minLength: 1, title: 'project label',
      description: 'A name the receiving system knows this project by; every event carries it as data.projectIdentifier.',
    },
  }),
  credentialsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: {
        type: 'string', format: 'uri', pattern: '^https?://', title: 'URL',
        description: 'Where each event is POSTed, e.g. https://hooks.example.com/tickscribe. Use https: the events carry the tickets.',
      },
      secret: {
        type: 'string', pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$', title: 'signing secret',
        description: 'The Standard Webhooks secret the receiver verifies signatures with: whsec_ followed by 24 to 64 random bytes in base64 (e.g. whsec_ and the output of `openssl rand -base64 32`). Without one, deliveries are sent unsigned and receivers cannot tell them from forgeries.',
      },
    },
  },
};

export const webhookTracker: TrackerPlugin = {
  manifest: MANIFEST,

  async verify(context: TrackerContext) {
    await deliver(context, `msg_ping_${randomUUID()}`, 'ping', {});
    return {
      account: settingsOf(context).credentials.secret ? 'deliveries signed with your secret (Standard Webhooks)' : 'unsigned deliveries (no signing secret set)',
      target: receiverHost(context),
    };
  },

  async create(ticket, context) {
    const id = ticketMessageId(ticket.id);
    const response = await deliver(context, id, 'ticket.created', {
      marker: markerOf(ticket.id),
      ticket: ticketOf(ticket),
      body: sectionsToMarkdown(ticketSections(ticket)),
    });
    return itemOf(response, id, settingsOf(context).credentials.url);
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

export default webhookTracker;
