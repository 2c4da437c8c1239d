/**
 * The upload rules and texts of the spec's "Validation rules", "Error catalogue" and "Business constants and limits",
 * kept free of React so they can be tested alone.
 */
import { BUILT_IN_LIMITS, extensionList, megabytes, sizeWords, type UploadLimits } from './uploadLimits.ts';

export { BUILT_IN_LIMITS, type UploadLimits };

/** The spec's "Business constants and limits": the fake upload progress grows by 10% every 500 ms up to 90%. */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 500;
export const PROGRESS_CEILING = 90;

export const uploadTexts = {
  heading: 'Upload Transcript',
  intro: 'Upload a meeting transcript and we will turn it into tickets.',
  /** The limits this server announced (or the built-in ones until it has). */
  limits: (limits: UploadLimits) =>
    `Maximum file size: ${sizeWords(limits.maxBytes)}. Accepted formats: ${extensionList(limits.acceptedExtensions)}.`,
  sources: 'Google Meet, Zoom, Slack exports, Teams transcripts, CSV, TSV, JSON, SRT and tab-delimited text, with or without headers. The format is detected automatically.',
  fileLabel: 'Transcript file',
  chooseFile: 'Choose file',
  noFileChosen: 'No file chosen',
  dropHint: 'or drop a file here',
  upload: 'Upload',
  uploading: 'Uploading...',
  progressLabel: 'Upload progress',
  noFile: 'Please select a file to upload.',
  tooLarge: (size: string, limits: UploadLimits) =>
    `File size exceeds the maximum limit of ${sizeWords(limits.maxBytes)}. Selected file is ${size}MB.`,
  badExtension: (limits: UploadLimits) => `This file type is not supported. Please upload one of: ${extensionList(limits.acceptedExtensions)}.`,
  uploadFailed: 'Upload failed. Please try again.',
  processing: 'Processing your transcript. This takes about 1-2 minutes; you can leave this page and come back.',
  processingFailed: 'Transcript processing failed. Please try again.',
  tokenLimit: 'You have exceeded your token usage limits. Please upgrade your subscription to process more transcripts.',
  upgrade: 'Upgrade Subscription',
  completed: (count: number) =>
    count === 1 ? 'Processing complete: 1 ticket was created.' : `Processing complete: ${count} tickets were created.`,
  completedNoTickets: 'Processing complete. No tickets were found in this transcript.',
  createdTickets: 'Tickets created',
  viewTranscript: 'View transcript',
  viewTickets: 'View all tickets',
} as const;

export function hasAcceptedExtension(fileName: string, extensions: readonly string[]): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  return extensions.includes(fileName.slice(dot).toLowerCase());
}

/**
 * The client-side checks before an upload, against the limits the server announced: the message to show, or null
 * when the file may be sent.
 */
export function uploadProblem(file: { name: string; size: number } | null | undefined, limits: UploadLimits = BUILT_IN_LIMITS): string | null {
  if (!file) return uploadTexts.noFile;
  if (file.size > limits.maxBytes) return uploadTexts.tooLarge(megabytes(file.size), limits);
  if (!hasAcceptedExtension(file.name, limits.acceptedExtensions)) return uploadTexts.badExtension(limits);
  return null;
}

/**
 * The spec's "Error catalogue": a message saying insufficient token credits, or containing 'token credit', means
 * credits ran out.
 */
export function isTokenCreditMessage(message: string | null | undefined): boolean {
  if (!message) return false;
  const text = message.toLowerCase();
  return text.includes('insufficient token credits') || text.includes('token credit');
}

/** The next fake progress value: +10 up to 90. */
export function nextProgress(progress: number): number {
  return Math.min(PROGRESS_CEILING, progress + PROGRESS_STEP);
}

/**
 * token-limit: a limit the user can lift by upgrading (shown with the 'Upgrade Subscription' link); limit: one they
 * cannot lift here (this installation sells no paid plans), whose words say what they can do; error: anything else.
 */
export type FailureKind = 'token-limit' | 'limit' | 'error';

export interface Failure {
  kind: FailureKind;
  message: string;
}

/** What a failed processing run shows: the token-limit state, the metadata's error text, or the fallback. */
export function processingFailure(metadata: { error?: unknown; tokenLimitExceeded?: unknown }): Failure {
  const error = typeof metadata.error === 'string' && metadata.error.trim() !== '' ? metadata.error : null;
  if (metadata.tokenLimitExceeded === true || isTokenCreditMessage(error)) {
    return { kind: 'token-limit', message: uploadTexts.tokenLimit };
  }
  return { kind: 'error', message: error ?? uploadTexts.processingFailed };
}

/**
 * Spec section 8: a refused upload or bot at a limit (402, or a token-credit message) shows the spec's token-limit
 * text, or the server's words for a full month, with the upgrade link only when those words suggest upgrading: the
 * server leaves it out where paid plans are not sold, and Billing would only say they are not available. Null when
 * no limit was reached.
 */
export function limitFailure(status: number | undefined, text: string | null | undefined): Failure | null {
  if (isTokenCreditMessage(text)) return { kind: 'token-limit', message: uploadTexts.tokenLimit };
  if (status !== 402) return null;
  const message = text?.trim() || uploadTexts.tokenLimit;
  return { kind: /upgrade your subscription/i.test(message) ? 'token-limit' : 'limit', message };
}

/** What a refused upload shows: a limit reached, or the server's message, or the fallback. */
export function uploadFailure(message: string | null | undefined, status?: number): Failure {
  const limit = limitFailure(status, message);
  if (limit) return limit;
  const text = message?.trim();
  return { kind: 'error', message: text ? text : uploadTexts.uploadFailed };
}
