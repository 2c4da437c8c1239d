/** CSV detection: the delimited-table scores (shared/delimited/detect.ts) over commas, semicolons and pipes. */
import type { ParserInput } from '../../sdk/index.ts';
import { detectDelimited } from '../shared/delimited/detect.ts';
import { CSV_DELIMITERS } from '../shared/delimited/dialect.ts';

export function detectCsv(input: ParserInput): number {
  return detectDelimited(input, CSV_DELIMITERS);
}
