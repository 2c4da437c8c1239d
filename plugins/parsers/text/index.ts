/**
 * Plain-text transcripts, the generic fallback: Otter.ai TXT exports (`Name  0:01` headers, bold names, footer),
 * `[SPEAKER_00]: text` (WhisperX), `[HH:MM:SS] Name: text`, `**Name** [M:SS] text` with HTML entities,
 * `Name: text` lines, `HH:MM:SS text` lines, name / time / text blocks, and, failing all of those, paragraphs from
 * one unknown speaker. It steps aside (scores low) for Google Meet and Zoom text files, whose parsers know them.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectText } from './detect.ts';
import { parseText } from './parse.ts';

export const textParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'text',
    kind: 'parser',
    name: 'Plain text',
    version: '1.0.0',
    description: 'Plain-text transcripts: Otter.ai exports, "Name: text" lines, [SPEAKER_00] and [HH:MM:SS] prefixes; any other text as paragraphs.',
    extensions: ['.txt'],
    mediaTypes: ['text/plain', 'text/markdown'],
  },
  detect: detectText,
  parse: parseText,
};

export default textParser;
