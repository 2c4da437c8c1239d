import limits from '../../../schemas/upload-limits.json' with { type: 'json' };

/**
 * The upload limits the server enforces (schemas/upload-limits.json, shared with the server), and the words the
 * screens use for them.
 */
export const MAX_UPLOAD_BYTES: number = limits.maxTranscriptBytes;
export const ACCEPTED_EXTENSIONS: readonly string[] = limits.acceptedExtensions;

const BYTES_PER_MB = 1024 * 1024;

/** A size in MB with two decimals, as the spec's 'Selected file is X.XXMB.' shows it. */
export function megabytes(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(2);
}

/** The largest upload in words, e.g. '1MB'. */
export const MAX_UPLOAD_SIZE = `${MAX_UPLOAD_BYTES / BYTES_PER_MB}MB`;
/** The accepted extensions as a list, e.g. '.txt, .json, .vtt'. */
export const EXTENSION_LIST = ACCEPTED_EXTENSIONS.join(', ');
/** The accepted extensions as a choice, e.g. '.txt, .json or .vtt'. */
export const EXTENSION_CHOICE = `${ACCEPTED_EXTENSIONS.slice(0, -1).join(', ')} or ${ACCEPTED_EXTENSIONS.at(-1) ?? ''}`;
