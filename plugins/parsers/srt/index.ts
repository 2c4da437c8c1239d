/**
 * SubRip (.srt) subtitles as meeting transcripts: Whisper/WhisperX segment- and word-level output, diarised
 * `[SPEAKER_00]: text` cues, `Name: text` cues, SDH captions. Cues are sorted by start time; cues without speakers
 * are joined into sentences (word-level output becomes readable messages); consecutive cues of one named speaker
 * merge into one message.
 */
import type { ParserPlugin } from '../../sdk/index.ts';
import { detectSrt } from './detect.ts';
import { parseSrt } from './parse.ts';

export const srtParser: ParserPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'srt',
    kind: 'parser',
    name: 'SRT',
    version: '1.0.0',
    description: 'SubRip subtitles (.srt) from Whisper, WhisperX, Otter and caption tools, with or without speaker labels.',
    extensions: ['.srt'],
    mediaTypes: ['application/x-subrip', 'text/srt', 'text/plain'],
  },
  detect: detectSrt,
  parse: parseSrt,
};

export default srtParser;
