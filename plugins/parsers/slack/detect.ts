/**
 * Slack detection by the export-file signature (shared/slack-export-signature.ts): day files and message objects
 * score highest; the export's member, channel and integration lists are claimed too, so that the refusal says
 * which file to upload instead.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { slackExportFile } from '../shared/slack-export-signature.ts';

export function detectSlack(input: ParserInput): number {
  switch (slackExportFile(input.text)) {
    case 'messages':
      return 0.97;
    case 'message':
      return 0.95;
    case 'users':
    case 'channels':
    case 'integration-logs':
      return 0.9;
    default:
      return 0;
  }
}
