/**
 * The upload rules from the specification (section 9), stated once: the size limit, the accepted extensions and
 * the title a file gives its transcript. The numbers are shared with the web app through schemas/upload-limits.json.
 */
import { extname } from 'node:path';
import limits from '../../schemas/upload-limits.json' with { type: 'json' };

export const MAX_TRANSCRIPT_BYTES: number = limits.maxTranscriptBytes;
export const ACCEPTED_EXTENSIONS: readonly string[] = limits.acceptedExtensions;

function formatMegabytes(bytes: number): string {
  return `${(bytes / MAX_TRANSCRIPT_BYTES).toFixed(2)}MB`;
}

/** The spec's message for a file over the limit; the size is added when it is known. */
export function tooLargeMessage(size?: number): string {
  return `File size exceeds the maximum limit of 1MB.${size === undefined ? '' : ` Selected file is ${formatMegabytes(size)}.`}`;
}

export function unsupportedExtensionMessage(fileName: string): string {
  const extension = extname(fileName).toLowerCase();
  const what = extension ? `Files ending in ${extension}` : 'Files without an extension';
  return `${what} are not supported. Upload one of ${ACCEPTED_EXTENSIONS.join(' ')}.`;
}

interface UploadProblem {
  code: 'too-large' | 'unsupported' | 'empty';
  message: string;
}

/** The first upload rule a file breaks (size, then extension, then emptiness), or undefined when it keeps them all. */
export function checkUploadFile(file: { fileName: string; size: number }): UploadProblem | undefined {
  if (file.size > MAX_TRANSCRIPT_BYTES) return { code: 'too-large', message: tooLargeMessage(file.size) };
  if (!ACCEPTED_EXTENSIONS.includes(extname(file.fileName).toLowerCase())) {
    return { code: 'unsupported', message: unsupportedExtensionMessage(file.fileName) };
  }
  if (file.size === 0) return { code: 'empty', message: 'The file is empty.' };
  return undefined;
}

/** A transcript's title before its parser names one: the file name without its extension. */
export function titleFromFileName(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim().slice(0, 500) || 'Untitled meeting';
}
