/**
 * Microsoft Teams and Stream transcripts (.vtt), each shape by its own signature (see detect.ts), so that this
 * parser wins over the generic WebVTT one on Teams files.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectTeams } from './detect.ts';
import { parseTeams } from './parse.ts';

export const teamsParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'teams',
    kind: 'parser',
    name: 'Microsoft Teams',
    version: '1.0.0',
    description:
      'Microsoft Teams and Stream transcripts (.vtt): current downloads with GUID cue ids and voice tags, Stream (Classic) captions with NOTE Confidence, unpadded Teams times, Graph callTranscript content and metadataContent.',
    extensions: ['.vtt'],
    mediaTypes: ['text/vtt'],
  },
  detect: detectTeams,
  parse: parseTeams,
};

export default teamsParser;
