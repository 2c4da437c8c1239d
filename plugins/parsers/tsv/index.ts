/**
 * Tab-separated transcripts (.tsv, .tab, and tab-delimited .txt): Whisper/WhisperX TSV (`start<TAB>end<TAB>text`
 * in milliseconds), spreadsheet exports, with or without a header row. See shared/delimited/.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectTsv } from './detect.ts';
import { parseTsv } from './parse.ts';

export const tsvParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'tsv',
    kind: 'parser',
    name: 'TSV',
    version: '1.0.0',
    description: 'Tab-separated transcripts (.tsv, .tab, tab-delimited .txt) such as Whisper TSV, with or without a header row.',
    extensions: ['.tsv', '.tab', '.txt'],
    mediaTypes: ['text/tab-separated-values', 'text/plain'],
  },
  detect: detectTsv,
  parse: parseTsv,
};

export default tsvParser;
