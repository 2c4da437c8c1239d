/** TSV detection: the delimited-table scores (shared/delimited/detect.ts) over tabs. */
import type { ParserInput } from '../../sdk/index.ts';
import { detectDelimited } from '../shared/delimited/detect.ts';
import { TSV_DELIMITERS } from '../shared/delimited/dialect.ts';

export function detectTsv(input: ParserInput): number {
  return detectDelimited(input, TSV_DELIMITERS);
}
