/** `too-many`: past the transcript limits of the plugin contract (plugins/sdk/limits.ts); no other parser is tried. */
export type ParseFailureCode = 'empty' | 'binary' | 'truncated' | 'no-messages' | 'too-large' | 'too-many' | 'unsupported' | 'invalid';

/** Why a file could not be used as a transcript, in words for the person who gave it. */
export class ParseFailure extends Error {
  readonly code: ParseFailureCode;
  override name = 'ParseFailure';

  constructor(code: ParseFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The words an ingest fails with when its file cannot be used (the transcript's metadata.error). */
export function parseFailureText(failure: ParseFailure): string {
  // Past the limits the file was read, but holds more than a meeting: the limit's own words say so.
  return failure.code === 'too-many' ? failure.message : `This file could not be read as a transcript: ${failure.message}`;
}
