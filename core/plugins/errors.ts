export type ParseFailureCode = 'empty' | 'binary' | 'truncated' | 'no-messages' | 'too-large' | 'unsupported' | 'invalid';

/** Why a file could not be used as a transcript, in words for the person who gave it. */
export class ParseFailure extends Error {
  readonly code: ParseFailureCode;
  override name = 'ParseFailure';

  constructor(code: ParseFailureCode, message: string) {
    super(message);
    this.code = code;
  }
}
