/**
 * JSON transcripts from speech-to-text services and tools. Reports the shape it read as `variant`:
 * `assemblyai`, `deepgram`, `rev`, `whisper`, `whisperx`, `whisper-timestamped`, `recall`, `tickscribe`
 * (a transcript already in Tickscribe's own shape) and `segments` (any list of {speaker, start, end, text}).
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectJson } from './detect.ts';
import { parseJson } from './parse.ts';

export const jsonParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'json',
    kind: 'parser',
    name: 'JSON',
    version: '1.0.0',
    description:
      'JSON transcripts: AssemblyAI, Deepgram, Rev.ai, Whisper, WhisperX, whisper-timestamped, Recall.ai, Tickscribe exports and lists of {speaker, start, end, text} segments.',
    extensions: ['.json'],
    mediaTypes: ['application/json', 'application/x-ndjson'],
  },
  detect: detectJson,
  parse: parseJson,
};

export default jsonParser;
