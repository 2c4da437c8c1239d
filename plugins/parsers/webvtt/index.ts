/**
 * Generic WebVTT captions and transcripts. Detection stays in the 'generic structure' band, so the Zoom and Teams
 * parsers win on their own .vtt files.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectWebvtt } from './detect.ts';
import { parseWebvtt } from './parse.ts';

export const webvttParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'webvtt',
    kind: 'parser',
    name: 'WebVTT',
    version: '1.0.0',
    description:
      'Generic WebVTT captions and transcripts: voice tags, `Name:` and `[SPEAKER_00]:` prefixes, NOTE/STYLE/REGION blocks, cue settings, entities, YouTube rolling captions.',
    extensions: ['.vtt'],
    mediaTypes: ['text/vtt'],
  },
  detect: detectWebvtt,
  parse: parseWebvtt,
};

export default webvttParser;
