import type { Connection } from './connectionsApi.ts';

/** The texts of a connection's "Status" section: how its tickets follow their items, and its webhook. */
export const statusTexts = {
  heading: 'Status',
  webhookHeading: 'Webhook (instant updates)',
  payloadUrl: 'Payload URL',
  contentType: 'Content type',
  secret: 'Secret',
  secretSet: 'A secret is set. Make a new one only if you lost it: the old one stops working.',
  secretMissing: 'No secret yet: make one, then add the webhook in the tracker.',
  makeSecret: 'Make a webhook secret',
  makeNewSecret: 'Make a new secret',
  making: 'Making...',
  shownOnce: 'Copy the secret now: it is shown only this once.',
  makeFailed: 'Could not make a webhook secret',
  adminOnly: 'An admin or the owner of this workspace can make the webhook secret.',
} as const;

/**
 * How the connection's tickets follow their items, in one sentence; null for a tracker that does none of it (a
 * ticket's status is then Tickscribe's alone).
 */
export function followingSentence(connection: Pick<Connection, 'statusFollowing'>, trackerName: string): string | null {
  const following = connection.statusFollowing;
  if (!following || (!following.poll && !following.pushBack && !following.webhook)) return null;
  const parts: string[] = [];
  if (following.webhook?.secretSet) parts.push(`a ticket follows its item the moment ${trackerName}'s webhook says it was closed or reopened`);
  if (following.poll) parts.push(`Tickscribe checks its pushed items regularly${following.webhook?.secretSet ? ' as well, in case a webhook delivery is lost' : ', so a ticket follows its item within minutes'}`);
  if (following.pushBack) parts.push(`a status you change in Tickscribe is sent to ${trackerName}`);
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
