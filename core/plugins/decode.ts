import { ParseFailure } from './errors.ts';

/**
 * The file's bytes as text: UTF-8 (a byte order mark is dropped), UTF-16 when it starts with a UTF-16 byte order
 * mark, and Windows-1252 for older exports that are not valid UTF-8. Binary data is refused.
 */
export function decodeTranscriptBytes(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else if (bytes.includes(0)) throw binary();
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (controlCharacterRatio(text.slice(0, 65_536)) > 0.02) throw binary();
  return text;
}

function binary(): ParseFailure {
  return new ParseFailure('binary', 'The file is not text: it looks like binary data (an audio, video, archive or office file?). Upload the transcript as text.');
}

/** Share of the characters in `text` that are control characters other than tab, CR and LF (binary data). */
function controlCharacterRatio(text: string): number {
  if (!text.length) return 0;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) control++;
  }
  return control / text.length;
}
