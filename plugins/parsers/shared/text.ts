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

/** Collapses runs of whitespace to one space and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/g;

/** A display name as written, for matching and display: zero-width and direction marks dropped, spaces collapsed. */
export function displayName(name: string): string {
  return squash(name.replace(INVISIBLE, ''));
}
