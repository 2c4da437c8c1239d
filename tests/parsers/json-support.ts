// Helpers shared by the JSON parser tests: the host-backed helpers with the JSON parser's defaults.
import { builtinHost, messageTuples, parserHelpers } from './support.ts';

/** Loads the host before the file's tests and returns the helpers for JSON transcripts. */
export function jsonHelpers() {
  const host = builtinHost();
  const helpers = parserHelpers(host, { fileName: 'transcript.json', samples: 'json' });
  return {
    ...helpers,
    host,
    failure: helpers.refusal,
    /** [speaker name, content, timestamp] per message. */
    lines: messageTuples,
  };
}
