/**
 * Detection from a look at the first and last 16 KB (key names only, no parse): the vendors' key fingerprints
 * score 0.9+, a list of segments with text and speaker/time keys 0.7, any other JSON 0.4 (so that this parser,
 * not a text parser, explains what a JSON file lacks). Slack export files score 0: the Slack parser reads them.
 */
import type { ParserInput } from '../../sdk/index.ts';
import { looksLikeJson } from '../shared/parse-json.ts';
import { slackExportFile } from '../shared/slack-export-signature.ts';

const WINDOW = 16_384;

const key = (name: string): RegExp => new RegExp(`"${name}"\\s*:`);
const any = (sample: string, ...names: string[]): boolean => names.some((name) => key(name).test(sample));

const TEXT_KEY = /"(text|content|transcript|utterance|sentence|spokenText|caption|raw_text)"\s*:\s*"/;
const SPEAKER_KEY = /"(speaker|speaker_name|speakerName|speaker_label|participant|user|author|role|name)"\s*:/;
const TIME_KEY = /"(start|start_time|startTime|begin|offset|timestamp|time|start_ms|startMs|startDateTime)"\s*:/;

export function detectJson(input: ParserInput): number {
  const { text } = input;
  if (!looksLikeJson(text)) return 0;
  if (slackExportFile(text) !== undefined) return 0;
  const sample = text.length <= 2 * WINDOW ? text : `${text.slice(0, WINDOW)}\n${text.slice(-WINDOW)}`;

  if (any(sample, 'monologues') && any(sample, 'elements')) return 0.95; // Rev.ai
  if (any(sample, 'results') && any(sample, 'channels', 'utterances') && any(sample, 'alternatives', 'transcript')) return 0.95; // Deepgram
  if (any(sample, 'request_id') && any(sample, 'model_info', 'models')) return 0.93; // Deepgram metadata first
  if (any(sample, 'utterances') && any(sample, 'audio_duration', 'acoustic_model', 'language_model', 'speaker_labels', 'audio_url', 'status')) {
    return 0.95; // AssemblyAI
  }
  if (any(sample, 'audio_duration', 'acoustic_model') && any(sample, 'words')) return 0.92; // AssemblyAI, utterances far away
  if (any(sample, 'start_timestamp') && any(sample, 'words') && any(sample, 'participant', 'relative', 'speaker')) return 0.93; // Recall.ai
  if (any(sample, 'is_final') && any(sample, 'speaker_id') && any(sample, 'words')) return 0.9; // Recall.ai, older bot API
  if (any(sample, 'participants') && any(sample, 'messages') && /"speaker"\s*:\s*\{\s*"(id|name)"/.test(sample)) return 0.95; // Tickscribe
  if (any(sample, 'segments')) {
    if (any(sample, 'word_segments', 'avg_logprob', 'no_speech_prob', 'compression_ratio', 'seek') || /"SPEAKER_\d+"/.test(sample)) return 0.93;
    if (any(sample, 'words') && any(sample, 'confidence', 'score')) return 0.9; // whisper-timestamped, WhisperX without speakers
  }
  if (TEXT_KEY.test(sample)) return SPEAKER_KEY.test(sample) || TIME_KEY.test(sample) ? 0.7 : 0.5;
  return 0.4;
}
