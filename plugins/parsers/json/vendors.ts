/** Readers for the speech-to-text vendors' JSON: AssemblyAI, Deepgram, Rev.ai and Recall.ai. */
import type { Fragment } from '../shared/builder.ts';
import { squash } from '../shared/text.ts';
import {
  areMilliseconds,
  groupWords,
  hasSpeakers,
  isoFromMillis,
  isoMillis,
  isRecord,
  mean,
  num,
  records,
  speakerName,
  str,
  type JsonRecord,
  type Reading,
  type Word,
} from './values.ts';

// ---------------------------------------------------------------------------------------------- AssemblyAI

const ASSEMBLYAI_KEYS = ['status', 'audio_duration', 'acoustic_model', 'language_model', 'speaker_labels', 'audio_url'];

/** `utterances` (an array, or null without speaker labels) next to AssemblyAI's own fields, or their words list. */
export function isAssemblyAi(doc: JsonRecord): boolean {
  const vendorKeys = ASSEMBLYAI_KEYS.some((key) => key in doc);
  if ('utterances' in doc && (doc.utterances === null || Array.isArray(doc.utterances))) {
    return vendorKeys || Array.isArray(doc.words) || typeof doc.text === 'string';
  }
  return vendorKeys && Array.isArray(doc.words) && typeof doc.text === 'string';
}

export function readAssemblyAi(doc: JsonRecord): Reading {
  const status = str(doc.status);
  if (status === 'error') {
    const reason = str(doc.error);
    throw new Error(`AssemblyAI reports that this transcription failed${reason ? ` (${reason})` : ''}: there is nothing to import.`);
  }
  if (status === 'queued' || status === 'processing') {
    throw new Error(`This AssemblyAI transcript is not finished (status '${status}'): download it again once its status is 'completed'.`);
  }
  const utterances = records(doc.utterances).filter((u) => typeof u.text === 'string');
  const words = records(doc.words).filter((w) => typeof w.text === 'string');
  // AssemblyAI documents milliseconds; a file converted to seconds shows fractions, which areMilliseconds sees.
  const timed = utterances.length ? utterances : words;
  const starts = timed.map((t) => num(t.start)).filter((v) => v !== undefined);
  const ends = timed.map((t) => num(t.end)).filter((v) => v !== undefined);
  const scale = areMilliseconds(starts, ends, 'ms') ? 1000 : 1;
  const seconds = (value: unknown): number | undefined => {
    const n = num(value);
    return n === undefined ? undefined : n / scale;
  };
  let fragments: Fragment[];
  if (utterances.length) {
    fragments = utterances.map((u) => ({
      speaker: speakerName(u.speaker),
      content: u.text as string,
      timestamp: seconds(u.start) ?? null,
      ...(seconds(u.end) !== undefined ? { end: seconds(u.end) } : {}),
      ...(num(u.confidence) !== undefined ? { confidence: num(u.confidence) } : {}),
    }));
  } else if (words.length) {
    fragments = groupWords(
      words.map(
        (w): Word => ({
          text: w.text as string,
          start: seconds(w.start),
          end: seconds(w.end),
          speaker: speakerName(w.speaker),
          confidence: num(w.confidence),
        }),
      ),
    );
  } else if (typeof doc.text === 'string' && doc.text.trim()) {
    fragments = [{ content: doc.text, timestamp: null, ...(num(doc.confidence) !== undefined ? { confidence: num(doc.confidence) } : {}) }];
  } else {
    throw new Error('This AssemblyAI transcript has no speech: its utterances, words and text are all empty.');
  }
  const duration = num(doc.audio_duration);
  return { variant: 'assemblyai', fragments, merge: hasSpeakers(fragments), ...(duration !== undefined ? { duration } : {}) };
}

// ------------------------------------------------------------------------------------------------ Deepgram

export function isDeepgram(doc: JsonRecord): boolean {
  return isRecord(doc.results) && (Array.isArray(doc.results.channels) || Array.isArray(doc.results.utterances));
}

export function readDeepgram(doc: JsonRecord): Reading {
  const results = doc.results as JsonRecord;
  const metadata = isRecord(doc.metadata) ? doc.metadata : {};
  const channels = records(results.channels);
  const multichannel = channels.length > 1;
  const channelName = (index: unknown): string | undefined => (multichannel && typeof index === 'number' ? `Channel ${index}` : undefined);
  let fragments: Fragment[] = [];
  const utterances = records(results.utterances).filter((u) => typeof u.transcript === 'string');
  if (utterances.length) {
    // Diarised (or utterances=true) responses: one entry per utterance, speaker as an integer.
    fragments = utterances.map((u) => ({
      speaker: speakerName(u.speaker) ?? channelName(u.channel),
      content: u.transcript as string,
      timestamp: num(u.start) ?? null,
      ...(num(u.end) !== undefined ? { end: num(u.end) } : {}),
      ...(num(u.confidence) !== undefined ? { confidence: num(u.confidence) } : {}),
    }));
  } else {
    channels.forEach((channel, index) => {
      const alternative = records(channel.alternatives)[0];
      if (alternative) fragments.push(...readDeepgramAlternative(alternative, channelName(index)));
    });
  }
  if (!fragments.some((f) => f.content.trim())) {
    throw new Error('This Deepgram response has no speech: its transcript is empty.');
  }
  const duration = num(metadata.duration);
  return { variant: 'deepgram', fragments, merge: hasSpeakers(fragments), ...(duration !== undefined ? { duration } : {}) };
}

/** Paragraphs when Deepgram made them, else the words, else the bare transcript. */
function readDeepgramAlternative(alternative: JsonRecord, channel: string | undefined): Fragment[] {
  const words: Word[] = records(alternative.words).map((w) => ({
    text: str(w.punctuated_word) ?? str(w.word) ?? '',
    start: num(w.start),
    end: num(w.end),
    speaker: speakerName(w.speaker) ?? channel,
    confidence: num(w.confidence),
  }));
  const paragraphs = isRecord(alternative.paragraphs) ? records(alternative.paragraphs.paragraphs) : [];
  if (paragraphs.length) {
    let next = 0;
    return paragraphs.map((paragraph) => {
      const start = num(paragraph.start);
      const end = num(paragraph.end);
      // The paragraph's confidence is the mean of its words' (Deepgram gives them per word only).
      const confidences: number[] = [];
      let all = start !== undefined && end !== undefined;
      if (all) {
        while (next < words.length && (words[next]!.start ?? -Infinity) < start! - 0.001) next++;
        while (next < words.length && (words[next]!.start ?? Infinity) <= end! + 0.001) {
          const confidence = words[next]!.confidence;
          if (confidence === undefined) all = false;
          else confidences.push(confidence);
          next++;
        }
      }
      const content = records(paragraph.sentences)
        .map((sentence) => str(sentence.text) ?? '')
        .filter((text) => text.trim())
        .join(' ');
      return {
        speaker: speakerName(paragraph.speaker) ?? channel,
        content,
        timestamp: start ?? null,
        ...(end !== undefined ? { end } : {}),
        ...(all && confidences.length ? { confidence: mean(confidences) } : {}),
      };
    });
  }
  if (words.length) return groupWords(words);
  const transcript = str(alternative.transcript);
  return transcript?.trim() ? [{ speaker: channel, content: transcript, timestamp: null }] : [];
}

// ------------------------------------------------------------------------------------------------- Rev.ai

export function isRev(doc: JsonRecord): boolean {
  return Array.isArray(doc.monologues);
}

export function readRev(doc: JsonRecord): Reading {
  const fragments: Fragment[] = [];
  for (const monologue of records(doc.monologues)) {
    const elements = records(monologue.elements);
    // Spaces and punctuation are elements of their own: concatenate the values, add nothing.
    const content = squash(elements.map((e) => str(e.value) ?? '').join(''));
    if (!content) continue;
    const texts = elements.filter((e) => e.type === 'text');
    const start = texts.map((e) => num(e.ts)).find((v) => v !== undefined);
    const end = texts.map((e) => num(e.end_ts)).findLast((v) => v !== undefined);
    const confidences = texts.map((e) => num(e.confidence));
    const confident = confidences.length > 0 && confidences.every((c) => c !== undefined);
    fragments.push({
      speaker: str(monologue.speaker_name)?.trim() || speakerName(monologue.speaker),
      content,
      timestamp: start ?? null,
      ...(end !== undefined ? { end } : {}),
      ...(confident ? { confidence: mean(confidences as number[]) } : {}),
    });
  }
  if (!fragments.length) throw new Error('This Rev.ai transcript has no speech: its monologues are empty.');
  return { variant: 'rev', fragments, merge: hasSpeakers(fragments) };
}

// ---------------------------------------------------------------------------------------------- Recall.ai

/** `{participant | speaker, words: [{text, start_timestamp | start_time}]}` with no text of its own (unlike segments). */
const isRecallEntry = (entry: JsonRecord): boolean => {
  if (!Array.isArray(entry.words) || typeof entry.text === 'string') return false;
  if (!('participant' in entry || 'speaker' in entry || 'speaker_id' in entry)) return false;
  const word = records(entry.words)[0];
  return word === undefined || (typeof word.text === 'string' && ('start_timestamp' in word || 'start_time' in word));
};

/**
 * Recall.ai's transcript: an array of `{participant: {id, name, ...}, words: [{text, start_timestamp: {relative,
 * absolute}, end_timestamp}]}` (current download schema); older bot API entries carry `speaker` and word times
 * as numbers (`start_timestamp` or `start_time`). A real-time webhook event wraps one entry in `data.data`.
 */
export function recallEntries(value: unknown): JsonRecord[] | undefined {
  if (Array.isArray(value)) {
    const entries = records(value);
    const sample = entries.slice(0, 20);
    return sample.length && sample.every(isRecallEntry) ? entries : undefined;
  }
  if (!isRecord(value)) return undefined;
  if (isRecallEntry(value)) return [value];
  const data = isRecord(value.data) ? (isRecord(value.data.data) ? value.data.data : value.data) : undefined;
  return data && isRecallEntry(data) ? [data] : undefined;
}

export function readRecall(entries: JsonRecord[]): Reading {
  const fragments: Fragment[] = [];
  let recordingStart: number | undefined;
  for (const entry of entries) {
    const participant = isRecord(entry.participant) ? entry.participant : undefined;
    const speaker =
      str(participant?.name)?.trim() ||
      speakerName(entry.speaker) ||
      (participant && participant.id !== undefined && participant.id !== null ? `Participant ${String(participant.id)}` : undefined);
    const words: Word[] = records(entry.words).map((word) => {
      const start = timestampOf(word.start_timestamp) ?? { relative: num(word.start_time) };
      const end = timestampOf(word.end_timestamp) ?? { relative: num(word.end_time) };
      if (recordingStart === undefined && start.absolute !== undefined && start.relative !== undefined) {
        recordingStart = start.absolute - start.relative * 1000;
      }
      return { text: str(word.text) ?? '', start: start.relative, end: end.relative, confidence: num(word.confidence) };
    });
    const spoken = words.filter((w) => w.text.trim());
    if (!spoken.length) continue;
    const confidences = spoken.map((w) => w.confidence);
    fragments.push({
      speaker,
      content: spoken.map((w) => w.text.trim()).join(' '),
      timestamp: spoken[0]!.start ?? null,
      ...(spoken.at(-1)!.end !== undefined ? { end: spoken.at(-1)!.end } : {}),
      ...(confidences.every((c) => c !== undefined) ? { confidence: mean(confidences as number[]) } : {}),
    });
  }
  if (!fragments.length) throw new Error('This Recall.ai transcript has no speech: every entry has an empty word list.');
  return {
    variant: 'recall',
    fragments,
    merge: hasSpeakers(fragments),
    ...(recordingStart !== undefined ? { date: isoFromMillis(Math.round(recordingStart)) } : {}),
  };
}

/** `{relative, absolute}` (seconds from the recording start, ISO instant) or a bare number of seconds. */
function timestampOf(value: unknown): { relative?: number; absolute?: number } | undefined {
  if (typeof value === 'number' || typeof value === 'string') {
    const relative = num(value);
    return relative === undefined ? undefined : { relative };
  }
  if (!isRecord(value)) return undefined;
  return { relative: num(value.relative), absolute: isoMillis(value.absolute) };
}
