// Random and mutated inputs never crash a parser: the answer is a valid transcript or a clear ParseFailure.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseFailure } from '../../core/plugins/errors.ts';
import { SAMPLES_DIR } from '../support/samples.ts';
import { builtinHost } from './support.ts';

const EXTENSIONS = ['.txt', '.json', '.vtt', '.srt', '.csv', '.tsv', '.tab'];
const samples = readdirSync(SAMPLES_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && !entry.name.endsWith('.md'))
  .map((entry) => ({ name: entry.name, bytes: readFileSync(join(entry.parentPath, entry.name)) }))
  .filter((sample) => sample.bytes.length < 200_000);

const host = builtinHost();

/** Parses with the host and with every parser forced; anything but a result or a ParseFailure is a defect. */
function survives(bytes: Uint8Array, fileName: string): void {
  for (const format of [undefined, ...host().list().map((p) => p.manifest.id)]) {
    try {
      const result = host().parse({ bytes, fileName }, format ? { format } : {});
      expect(result.transcript.messages.length).toBeGreaterThan(0);
    } catch (error) {
      if (!(error instanceof ParseFailure)) {
        throw new Error(`${format ?? 'detection'} on ${fileName} threw ${String(error)}`, { cause: error });
      }
      expect(error.message.length).toBeGreaterThan(0);
      expect(error.message).not.toMatch(/\n\s+at /);
    }
  }
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.string({ maxLength: 30 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 200 }) }),
);

interface Mutation {
  kind: 'truncate' | 'delete' | 'insert' | 'duplicate';
  at: number;
  length?: number;
  text?: string;
}

function mutate(bytes: Buffer, change: Mutation): Buffer {
  const at = Math.floor(change.at * bytes.length);
  switch (change.kind) {
    case 'truncate':
      return bytes.subarray(0, at);
    case 'delete':
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + (change.length ?? 1))]);
    case 'insert':
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(change.text ?? ''), bytes.subarray(at)]);
    default:
      return Buffer.concat([bytes.subarray(0, at + (change.length ?? 1)), bytes.subarray(at)]);
  }
}

describe('parsers under random input', () => {
  it('survive random text with any accepted extension', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'binary' }), fc.constantFrom(...EXTENSIONS), (text, extension) => {
        survives(new TextEncoder().encode(text), `random${extension}`);
      }),
      { numRuns: 150 },
    );
  });

  it('survive random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom(...EXTENSIONS), (bytes, extension) => {
        survives(bytes, `random${extension}`);
      }),
      { numRuns: 100 },
    );
  });

  it('survive mutated sample files (truncated, cut, spliced, repeated)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(mutation, { minLength: 1, maxLength: 3 }), (sample, changes) => {
        const bytes = changes.reduce<Buffer>((current, change) => mutate(current, change), sample.bytes);
        survives(bytes, basename(sample.name));
      }),
      { numRuns: 120 },
    );
  });

  it('survive format-shaped noise', () => {
    const line = fc.oneof(
      fc.constant('WEBVTT'), fc.constant(''), fc.constant('NOTE Confidence: 0.9'), fc.constant('00:00:01.000 --> 00:00:02.000'),
      fc.constant('1'), fc.constant('00:00:01,000 --> 00:00:00,500'), fc.constant('<v Ada>hi</v>'), fc.constant('Ada: hi: there'),
      fc.constant('speaker,start,text'), fc.constant('"Ada",1.5,"a, b"'), fc.constant('{"utterances":['), fc.constant(']}'),
      fc.constant('[{"type":"message","text":"x","ts":"1.0"}]'), fc.constant('Ada  0:01'), fc.constant('[00:00:01] Ada: hi'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.constantFrom(...EXTENSIONS), fc.boolean(), (lines, extension, crlf) => {
        survives(new TextEncoder().encode(lines.join(crlf ? '\r\n' : '\n')), `noise${extension}`);
      }),
      { numRuns: 200 },
    );
  });
});
