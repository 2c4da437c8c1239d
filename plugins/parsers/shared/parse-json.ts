/**
 * Reads a JSON document once and turns JSON.parse's terse errors into messages for the person who uploaded the
 * file: 'the JSON ends early: the file looks truncated' for a cut-off file, the line and column of a syntax error
 * otherwise (with a hint for comments and trailing commas, which hand-edited files carry). JSON Lines (one object
 * per line) are read as an array when the whole text is not one document.
 */

interface JsonDocument {
  value: unknown;
  /** True when the text was JSON Lines (one value per line) rather than one document. */
  lines: boolean;
}

/**
 * Whether the text starts like a JSON object or array (after blank space and an optional BOM): `{` (not an SRT
 * `{\an8}` override), or `[` followed by a value, so `[00:01:02] Ana: ...` and `[SPEAKER_00]: ...` are not JSON.
 * Hand-edited "JSON" (single quotes, bare keys) counts too: the JSON parsers explain what is wrong with it.
 */
export function looksLikeJson(text: string): boolean {
  return /^\uFEFF?\s*(?:\{(?!\\)|\[\s*(?:[{["'\]]|-?\d+(?:\.\d+)?\s*[,\]]|true\b|false\b|null\b))/.test(text.slice(0, 256));
}

export function parseJsonText(text: string): JsonDocument {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(source), lines: false };
  } catch (error) {
    const lines = parseJsonLines(source);
    if (lines) return { value: lines, lines: true };
    throw new Error(describeJsonError(source, error), { cause: error });
  }
}

/** JSON Lines: every non-blank line is an object; undefined when the text is not that. */
function parseJsonLines(text: string): unknown[] | undefined {
  const rows = text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  if (rows.length < 2 || !rows.every((row) => /^\s*\{.*\}\s*$/.test(row))) return undefined;
  const values: unknown[] = [];
  for (const row of rows) {
    try {
      values.push(JSON.parse(row));
    } catch {
      return undefined;
    }
  }
  return values;
}

function describeJsonError(text: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const end = text.trimEnd().length;
  const at = /at position (\d+)/.exec(reason);
  // V8 leaves the position out of some messages ("Unexpected token ']', ... is not valid JSON"): find it.
  const position = at ? Number(at[1]) : syntaxErrorAt(text);
  if (/end of JSON input/i.test(reason) || (position !== undefined && position >= end)) {
    const { line } = lineAndColumn(text, end);
    return `The JSON ends early: the file looks truncated (it stops at line ${line} before every bracket is closed). Export or download it again.`;
  }
  if (position === undefined) return `The file is not valid JSON (${reason.replace(/\s*\(line \d+ column \d+\)/, '')}).`;
  const { line, column } = lineAndColumn(text, position);
  const rest = text.slice(position, position + 2);
  const before = text.slice(Math.max(0, position - 200), position).trimEnd();
  let hint = '';
  if (rest.startsWith('//') || rest.startsWith('/*')) hint = ': JSON does not allow comments';
  else if (before.endsWith(',') && /^[}\]]/.test(text.slice(position).trimStart())) hint = ': JSON does not allow a comma before a closing bracket';
  else if (rest.startsWith("'")) hint = ': JSON strings need double quotes';
  return `The file is not valid JSON: unexpected ${describeChar(text[position])} at line ${line}, column ${column}${hint}.`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const LITERAL = /true|false|null/y;

/**
 * Where the first syntax error of a JSON text is (the text's length when it ends early), or undefined when it
 * has none. A linear scan with an explicit stack, run only after JSON.parse has failed.
 */
function syntaxErrorAt(text: string): number | undefined {
  const n = text.length;
  const stack: ('{' | '[')[] = [];
  let i = 0;
  let expect: 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end' | 'done' = 'value';
  const afterValue = (): typeof expect => (stack.length ? 'comma-or-end' : 'done');
  while (true) {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
    if (i >= n) return expect === 'done' ? undefined : n;
    const c = text[i]!;
    if (expect === 'done') return i;
    if (expect === 'comma-or-end') {
      const top = stack.at(-1)!;
      if (c === ',') expect = top === '{' ? 'key' : 'value';
      else if (c === (top === '{' ? '}' : ']')) {
        stack.pop();
        expect = afterValue();
      } else return i;
      i++;
      continue;
    }
    if (expect === 'colon') {
      if (c !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    if ((expect === 'key-or-end' && c === '}') || (expect === 'value-or-end' && c === ']')) {
      stack.pop();
      i++;
      expect = afterValue();
      continue;
    }
    if (expect === 'key' || expect === 'key-or-end') {
      if (c !== '"') return i;
      const end = stringEnd(text, i);
      if (end < 0) return -end - 1;
      i = end;
      expect = 'colon';
      continue;
    }
    // A value.
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      expect = c === '{' ? 'key-or-end' : 'value-or-end';
      continue;
    }
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return -end - 1;
      i = end;
    } else {
      const pattern = c === '-' || (c >= '0' && c <= '9') ? NUMBER : LITERAL;
      pattern.lastIndex = i;
      if (!pattern.test(text)) return i;
      i = pattern.lastIndex;
    }
    expect = afterValue();
  }
}

/** The index after a string's closing quote, or -(error index) - 1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return -i - 1;
    if (code === 0x5c) {
      const next = text[i + 1];
      if (next === undefined) return -text.length - 1;
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -(i + 1) - 1;
        i += 5;
      } else if ('"\\/bfnrt'.includes(next)) i++;
      else return -(i + 1) - 1;
    }
  }
  return -text.length - 1;
}

function describeChar(char: string | undefined): string {
  if (char === undefined) return 'end of text';
  if (char === '\n' || char === '\r') return 'line break';
  return `'${char}'`;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: position - lineStart + 1 };
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
