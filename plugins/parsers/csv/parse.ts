/** CSV reading: the delimited-table reader (shared/delimited/rows.ts), a comma when no delimiter is clear. */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { CSV_DELIMITERS } from '../shared/delimited/dialect.ts';
import { parseDelimited } from '../shared/delimited/rows.ts';

export function parseCsv(input: ParserInput): ParserOutput {
  return parseDelimited(input, CSV_DELIMITERS);
}
