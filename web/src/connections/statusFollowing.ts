import type { Connection } from './connectionsApi.ts';

/** The texts of a connection's "Status" section: how its tickets follow their items, and its webhook. */
export const statusTexts = {
  heading: 'Status',
  webhookHeading: 'Webhook (instant updates)',
  contentType: 'Content type',
  secretSet: 'A secret is set. Make a new one only if you lost it: the old one stops working.',
  secretMissing: 'No secret yet: make one, then add the webhook in the tracker.',
  makeSecret: 'Make a webhook secret',
  makeNewSecret: 'Make a new secret',
  making: 'Making...',
  shownOnce: 'Copy it now: it is shown only this once.',
  username: 'User name',
  makeFailed: 'Could not make a webhook secret',
  adminOnly: 'An admin or the owner of this workspace can make the webhook secret.',
} as const;

/**
 * What a tracker's webhook is registered with, in its own words: the label of the address, the content type to choose
 * (null where the tracker offers no choice), what the secret is called there, the user name to enter with it (Azure
 * DevOps' Basic authentication), and what a delivery tells.
 */
export interface WebhookWords {
  url: string;
  contentType: string | null;
  secret: string;
  username: string | null;
  /** What the webhook says of an item, after "says": "it was closed or reopened". */
  changed: string;
}

/** GitHub's repository webhook, and any tracker plugin's: a payload URL, JSON, a signing secret. */
const DEFAULT_WORDS: WebhookWords = { url: 'Payload URL', contentType: 'application/json', secret: 'Secret', username: null, changed: 'it was closed or reopened' };

const WEBHOOK_WORDS: Record<string, WebhookWords> = {
  github: DEFAULT_WORDS,
  // Jira's admin webhook (System, WebHooks): a URL and a secret, always JSON.
  jira: { url: 'URL', contentType: null, secret: 'Secret', username: null, changed: 'its issue moved into or out of a Done status' },
  // Azure DevOps' Web Hooks service hook: a URL and Basic authentication, the secret being its password.
  azure: { url: 'URL', contentType: null, secret: 'Password', username: 'tickscribe', changed: 'its work item moved into or out of a completed state' },
};

/** The webhook's words for the connection's tracker type. */
export const webhookWords = (connectionType: string | undefined): WebhookWords => WEBHOOK_WORDS[connectionType ?? ''] ?? DEFAULT_WORDS;

/**
 * How the connection's tickets follow their items, in one sentence; null for a tracker that does none of it (a
 * ticket's status is then Tickscribe's alone).
 */
export function followingSentence(connection: Pick<Connection, 'statusFollowing'> & Partial<Pick<Connection, 'connectionType'>>, trackerName: string): string | null {
  const following = connection.statusFollowing;
  if (!following || (!following.poll && !following.pushBack && !following.webhook)) return null;
  const parts: string[] = [];
  if (following.webhook?.secretSet) parts.push(`a ticket follows its item the moment ${trackerName}${trackerName.endsWith('s') ? "'" : "'s"} webhook says ${webhookWords(connection.connectionType).changed}`);
  if (following.poll) parts.push(`Tickscribe checks its pushed items regularly${following.webhook?.secretSet ? ' as well, in case a webhook delivery is lost' : ', so a ticket follows its item within minutes'}`);
  if (following.pushBack) parts.push(`a status you change in Tickscribe is sent to ${trackerName}`);
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
