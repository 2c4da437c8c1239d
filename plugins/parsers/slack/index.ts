/**
 * Slack export: a channel's day file (`general/2024-05-01.json`, a JSON array of messages), a single message
 * object, or a conversations.history / conversations.replies API response ({ok, messages}). The export's other
 * files (users.json, channels.json, integration_logs.json, ...) hold no conversation and are refused with a hint.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectSlack } from './detect.ts';
import { parseSlack } from './parse.ts';

export const slackParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'slack',
    kind: 'parser',
    name: 'Slack export',
    version: '1.0.0',
    description:
      "A channel's day file from a Slack workspace export (channel/YYYY-MM-DD.json): messages with names, threads and bot posts; joins and other channel events are skipped.",
    extensions: ['.json'],
    mediaTypes: ['application/json'],
  },
  detect: detectSlack,
  parse: parseSlack,
};

export default slackParser;
