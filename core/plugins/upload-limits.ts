/**
 * The upload rules from the specification ("Business constants and limits"), stated once: the size limit, the accepted extensions and
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

/**
 * `accepted` is what this server takes: the built-in list plus the extensions its parser plugins declare
 * (PluginHost.acceptedExtensions); the size limit is the same for every file.
 */
export function unsupportedExtensionMessage(fileName: string, accepted: readonly string[] = ACCEPTED_EXTENSIONS): string {
  const extension = extname(fileName).toLowerCase();
  const what = extension ? `Files ending in ${extension}` : 'Files without an extension';
  return `${what} are not supported. Upload one of ${accepted.join(' ')}.`;
}

/** The built-in extensions, then those `more` adds (lower-cased, each once, in the order given). */
export function withExtensions(more: Iterable<string>): string[] {
  const all = new Set(ACCEPTED_EXTENSIONS);
  for (const extension of more) if (/^\.[a-z0-9][a-z0-9._-]*$/i.test(extension)) all.add(extension.toLowerCase());
  return [...all];
}

interface UploadProblem {
  code: 'too-large' | 'unsupported' | 'empty';
  message: string;
}

/** The first upload rule a file breaks (size, then extension, then emptiness), or undefined when it keeps them all. */
export function checkUploadFile(file: { fileName: string; size: number }, accepted: readonly string[] = ACCEPTED_EXTENSIONS): UploadProblem | undefined {
  if (file.size > MAX_TRANSCRIPT_BYTES) return { code: 'too-large', message: tooLargeMessage(file.size) };
  if (!accepted.includes(extname(file.fileName).toLowerCase())) {
    return { code: 'unsupported', message: unsupportedExtensionMessage(file.fileName, accepted) };
  }
  if (file.size === 0) return { code: 'empty', message: 'The file is empty.' };
  return undefined;
}

/** Longest file name kept with a transcript (the column's length). */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * The file name as it is kept: whole up to MAX_FILE_NAME_LENGTH characters, longer names shortened in the middle of
 * their stem so the extension (which picks the parser) survives; never a surrogate pair cut in half.
 */
export function storedFileName(fileName: string): string {
  const name = fileName.toWellFormed();
  if (name.length <= MAX_FILE_NAME_LENGTH) return name;
  const extension = extname(name).slice(0, 16);
  return `${cutText(name.slice(0, name.length - extension.length), MAX_FILE_NAME_LENGTH - extension.length - 1)}…${extension}`;
}

/** The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A transcript's title before its parser names one: the file name without its extension. */
export function titleFromFileName(fileName: string): string {
  return cutText(fileName.replace(/\.[^.]+$/, '').trim(), 500) || 'Untitled meeting';
}
