import { squash } from '../shared/text.ts';

/** A display name as Zoom wrote it, with zero-width marks dropped and spaces (incl. no-break) collapsed. */
export function speakerName(raw: string): string {
  return squash(raw.replace(/[\u200b-\u200f\u2060\ufeff]/g, ''));
}
