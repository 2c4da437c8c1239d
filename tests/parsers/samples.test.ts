// Every file in ../shared/samples/transcripts parses with the expected format and content, table-driven from
// tests/parsers/expectations/<folder>.json (one entry per sample file; a file without an entry fails).
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ParseFailure } from '../../core/plugins/errors.ts';
import { SAMPLES_DIR } from '../support/samples.ts';
import { builtinHost } from './support.ts';

const EXPECTATIONS_DIR = fileURLToPath(new URL('./expectations/', import.meta.url));

interface MessageExpectation {
  speaker: string;
  /** The message content starts with this text. */
  startsWith: string;
  timestamp: number | null;
}

export type SampleExpectation =
  | {
      format: string;
      variant?: string;
      title?: string;
      date?: string;
      /** Participant names, in order of first appearance. */
      participants: string[];
      messages: number;
      first: MessageExpectation;
      last: MessageExpectation;
      /** Seconds, or null when the transcript has no duration. */
      duration: number | null;
      /** True when every message carries a confidence. */
      confidence?: boolean;
    }
  | { error: ParseFailure['code']; format?: never };

const sampleFiles = readdirSync(SAMPLES_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
  .map((entry) => relative(SAMPLES_DIR, join(entry.parentPath, entry.name)))
  .sort();

const expectations = new Map<string, SampleExpectation>();
for (const file of readdirSync(EXPECTATIONS_DIR).filter((f) => f.endsWith('.json'))) {
  const folder = basename(file, '.json');
  const entries = JSON.parse(readFileSync(join(EXPECTATIONS_DIR, file), 'utf8')) as Record<string, SampleExpectation>;
  for (const [name, expectation] of Object.entries(entries)) expectations.set(`${folder}/${name}`, expectation);
}

const host = builtinHost();

describe('sample corpus', () => {
  it('has an expectation for every sample file, and no expectation without a file', () => {
    expect(sampleFiles.filter((file) => !expectations.has(file))).toEqual([]);
    expect([...expectations.keys()].filter((file) => !sampleFiles.includes(file))).toEqual([]);
  });

  it.each(sampleFiles.filter((file) => expectations.has(file)))('%s', (file) => {
    const expected = expectations.get(file)!;
    const bytes = readFileSync(join(SAMPLES_DIR, file));
    if ('error' in expected) {
      let failure: unknown;
      try {
        host().parse({ bytes, fileName: basename(file) });
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(ParseFailure);
      expect((failure as ParseFailure).code).toBe(expected.error);
      return;
    }
    const result = host().parse({ bytes, fileName: basename(file) });
    const { transcript } = result;
    const nameOf = (id: string) => transcript.participants.find((p) => p.id === id)?.name;
    const summary = (m: (typeof transcript.messages)[number]) => ({
      speaker: nameOf(m.speaker.id),
      startsWith: m.content.slice(0, expected.first.startsWith.length),
      timestamp: m.timestamp,
    });
    expect(result.format).toBe(expected.format);
    if (expected.variant !== undefined) expect(result.variant).toBe(expected.variant);
    if (expected.title !== undefined) expect(transcript.title).toBe(expected.title);
    if (expected.date !== undefined) expect(transcript.date).toBe(expected.date);
    expect(transcript.participants.map((p) => p.name)).toEqual(expected.participants);
    expect(transcript.messages).toHaveLength(expected.messages);
    expect(summary(transcript.messages[0]!)).toEqual(expected.first);
    const last = transcript.messages.at(-1)!;
    expect({ ...summary(last), startsWith: last.content.slice(0, expected.last.startsWith.length) }).toEqual(expected.last);
    expect(transcript.duration ?? null).toBe(expected.duration);
    if (expected.confidence) expect(transcript.messages.every((m) => typeof m.confidence === 'number')).toBe(true);
    else expect(transcript.messages.some((m) => m.confidence !== undefined)).toBe(false);
  });
});
