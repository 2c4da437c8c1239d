import limits from '../../../schemas/upload-limits.json' with { type: 'json' };

/**
 * The upload limits and the words the screens use for them. What this server accepts is asked of it
 * (GET /api/transcripts/upload-limits: its parser plugins may add extensions); the built-in limits
 * (schemas/upload-limits.json, shared with the server) stand in while that answer loads or when it cannot be had,
 * so an upload is never held up by it, and the server checks every file again anyway.
 */
export interface UploadLimits {
  maxBytes: number;
  /** Lower-case, with the dot: '.txt'. */
  acceptedExtensions: readonly string[];
}

export const MAX_UPLOAD_BYTES: number = limits.maxTranscriptBytes;
export const ACCEPTED_EXTENSIONS: readonly string[] = limits.acceptedExtensions;
export const BUILT_IN_LIMITS: UploadLimits = { maxBytes: MAX_UPLOAD_BYTES, acceptedExtensions: ACCEPTED_EXTENSIONS };

const BYTES_PER_MB = 1024 * 1024;

/** A size in MB with two decimals, as the spec's 'Selected file is X.XXMB.' shows it. */
export function megabytes(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(2);
}

/** A size limit in words, e.g. '1MB' (two decimals at most for a limit that is not a whole number of MB). */
export function sizeWords(bytes: number): string {
  return `${Number((bytes / BYTES_PER_MB).toFixed(2))}MB`;
}

/** Extensions as a list, e.g. '.txt, .json, .vtt'. */
export const extensionList = (extensions: readonly string[]): string => extensions.join(', ');

/** Extensions as a choice, e.g. '.txt, .json or .vtt'. */
export function extensionChoice(extensions: readonly string[]): string {
  return extensions.length < 2 ? extensionList(extensions) : `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}`;
}

/**
 * The server's answer when it is one the form can use (a positive size and at least one well-formed extension),
 * else the built-in limits.
 */
export function usableLimits(answer: { maxBytes?: unknown; acceptedExtensions?: unknown } | null | undefined): UploadLimits {
  if (!answer || typeof answer.maxBytes !== 'number' || !(answer.maxBytes > 0) || !Array.isArray(answer.acceptedExtensions)) return BUILT_IN_LIMITS;
  const extensions = answer.acceptedExtensions.filter((extension): extension is string => typeof extension === 'string' && /^\.[^\s.,]/.test(extension));
  if (extensions.length === 0) return BUILT_IN_LIMITS;
  return { maxBytes: answer.maxBytes, acceptedExtensions: [...new Set(extensions.map((extension) => extension.toLowerCase()))] };
}

/** The largest upload in words, e.g. '1MB' (the built-in limit, for texts written before any answer). */
export const MAX_UPLOAD_SIZE = sizeWords(MAX_UPLOAD_BYTES);
/** The built-in extensions as a list, e.g. '.txt, .json, .vtt'. */
export const EXTENSION_LIST = extensionList(ACCEPTED_EXTENSIONS);
/** The built-in extensions as a choice, e.g. '.txt, .json or .vtt'. */
export const EXTENSION_CHOICE = extensionChoice(ACCEPTED_EXTENSIONS);
