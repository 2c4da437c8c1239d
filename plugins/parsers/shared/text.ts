/** Pure text helpers shared by the built-in parsers. */

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f',
  ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', copy: '©', reg: '®',
};

/** Decodes HTML/WebVTT character references (`&amp;`, `&#39;`, `&#x2019;`); unknown ones stay as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Removes caption markup: WebVTT voice/class/language/ruby tags, inline timestamps (`<00:01.000>`), and the
 * SRT/HTML styling tags `<i> <b> <u> <font ...>`; `{\an8}`-style SubStation overrides too. Text is kept.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/<\d{1,2}(:\d{2}){1,2}[.,]\d{1,3}>/g, '')
    .replace(/<\/?(v|c|i|b|u|lang|ruby|rt|font|span)(\s[^>]*|\.[^>]*)?>/gi, '')
    .replace(/\{\\[^}]*\}/g, '');
}

/** The speaker named by a WebVTT voice tag (`<v Roger Bingham>` or `<v.loud Esme>`), if any. */
export function voiceTagSpeaker(text: string): string | undefined {
  const match = /<v(?:\.[^\s>]+)*\s+([^>]+)>/i.exec(text);
  return match?.[1]?.trim() || undefined;
}

/** Collapses runs of whitespace to one space and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Share of the characters in `text` that are control characters other than tab, CR and LF (binary data). */
export function controlCharacterRatio(text: string): number {
  if (!text.length) return 0;
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) control++;
  }
  return control / text.length;
}

const NOT_A_NAME = /https?:|www\.|[?!;]|\.\s|^\d+$|^(note|todo|action|update|re|fyi|ps|q|a)$/i;

/**
 * Splits `Name: text` at the first ': ' when the part before it reads like a speaker name (at most six words,
 * no sentence punctuation or URL). Returns undefined otherwise, so 'Here is the thing: ...' stays text.
 */
export function splitSpeakerPrefix(line: string): { speaker: string; text: string } | undefined {
  const at = line.indexOf(': ');
  const end = at === -1 && line.endsWith(':') ? line.length - 1 : at;
  if (end <= 0) return undefined;
  const speaker = line.slice(0, end).trim();
  if (!speaker || speaker.length > 60 || speaker.split(/\s+/).length > 6 || NOT_A_NAME.test(speaker)) return undefined;
  if (!/^[\p{L}\p{N}[(@_"'-]/u.test(speaker)) return undefined;
  return { speaker, text: line.slice(end + 1).trim() };
}
