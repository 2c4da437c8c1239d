/**
 * Comma-separated transcripts (also semicolon- and pipe-separated, as European Excel and some tools write them):
 * with or without a header row, quoted fields with embedded delimiters and newlines. See shared/delimited/.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectCsv } from './detect.ts';
import { parseCsv } from './parse.ts';

export const csvParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'csv',
    kind: 'parser',
    name: 'CSV',
    version: '1.0.0',
    description: 'Comma-, semicolon- or pipe-separated transcripts, with or without a header row (speaker, start, end, text, confidence).',
    extensions: ['.csv'],
    mediaTypes: ['text/csv'],
  },
  detect: detectCsv,
  parse: parseCsv,
};

export default csvParser;
