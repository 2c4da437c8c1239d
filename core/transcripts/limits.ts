/** Upload limits from the specification (section 9). */
export const MAX_TRANSCRIPT_BYTES = 1_048_576;
export const ACCEPTED_EXTENSIONS = ['.txt', '.json', '.vtt', '.srt', '.csv', '.tsv', '.tab'] as const;

export function formatMegabytes(bytes: number): string {
  return `${(bytes / MAX_TRANSCRIPT_BYTES).toFixed(2)}MB`;
}
