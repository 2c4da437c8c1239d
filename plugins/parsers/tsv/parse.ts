/** TSV reading: the delimited-table reader (shared/delimited/rows.ts) with tabs. */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { TSV_DELIMITERS } from '../shared/delimited/dialect.ts';
import { parseDelimited } from '../shared/delimited/rows.ts';

export function parseTsv(input: ParserInput): ParserOutput {
  return parseDelimited(input, TSV_DELIMITERS);
}
