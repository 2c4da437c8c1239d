import type { ParserPlugin } from '../../sdk/index.ts';
import { teamsSignature } from './detect.ts';
import { parseTeams } from './parse.ts';

export const parser: ParserPlugin = {
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
  detect: (input) => {
    try {
      return teamsSignature(input.text)?.score ?? 0;
    } catch {
      return 0;
    }
  },
  parse: (input) => parseTeams(input.text, input.fileName),
};
