/** Turns the fragments a parser reads (speaker, text, times) into the participants and messages of a transcript. */
import type { ParserOutput } from '../../sdk/index.ts';
import { TRANSCRIPT_LIMITS, tooManyMessages, tooManyParticipants } from '../../sdk/limits.ts';
import { type MergeOptions, mergeFragments } from './merge-fragments.ts';

export interface Fragment {
  /** Display name of the speaker; undefined or empty when the source does not say who spoke. */
  speaker?: string;
  content: string;
  /** Seconds from the start, or null where the source has no times. */
  timestamp: number | null;
  /** When the fragment ends, in seconds, if known (used for the duration). */
  end?: number;
  confidence?: number;
  role?: string;
}

interface BuilderOptions {
  /**
   * How consecutive fragments of one speaker become one message; words are never changed. true (default): every
   * run of one speaker is one message. false: every fragment is a message. Merge options: runs are cut where the
   * gap, sentence and length rules of `mergeFragments` say (e.g. CAPTION_CUES, SENTENCES); the fragments are
   * merged together when the messages are first read (messageCount, build), later ones start new runs.
   */
  merge?: boolean | MergeOptions;
  /** Name used for fragments without a speaker. Default 'Unknown speaker'. */
  unknownSpeaker?: string;
}

interface Draft {
  speakerId: string;
  parts: string[];
  timestamp: number | null;
  /** Confidences weighted by text length, summed in order; null once a part has none. */
  confidence: { sum: number; weight: number } | null;
}

/** Collects fragments in order and produces the participants and messages of a transcript. */
export class TranscriptBuilder {
  readonly #merge: boolean;
  readonly #rules: MergeOptions | undefined;
  readonly #unknown: string;
  readonly #participants = new Map<string, { id: string; name: string; role?: string }>();
  readonly #messages: Draft[] = [];
  /** Fragments waiting to be merged by the rules. */
  #pending: Fragment[] = [];
  #latest = 0;

  constructor(options: BuilderOptions = {}) {
    const merge = options.merge ?? true;
    this.#merge = merge === true;
    this.#rules = typeof merge === 'object' ? merge : undefined;
    this.#unknown = options.unknownSpeaker ?? 'Unknown speaker';
  }

  /**
   * The participant id for a name, registering it on first use (ids p1, p2, ... in order of appearance). Throws
   * the limit's TranscriptLimitError past TRANSCRIPT_LIMITS.participants, so a file of endless speakers stops early.
   */
  participant(name: string | undefined, role?: string): string {
    const key = name?.trim() || this.#unknown;
    let participant = this.#participants.get(key);
    if (!participant) {
      if (this.#participants.size >= TRANSCRIPT_LIMITS.participants) throw tooManyParticipants();
      participant = { id: `p${this.#participants.size + 1}`, name: key, ...(role ? { role } : {}) };
      this.#participants.set(key, participant);
    } else if (role && !participant.role) {
      participant.role = role;
    }
    return participant.id;
  }

  add(fragment: Fragment): void {
    if (this.#rules) this.#pending.push(fragment);
    else this.#append(fragment);
  }

  /** Merges the waiting fragments by the rules into messages. */
  #settle(): void {
    if (!this.#pending.length) return;
    const pending = this.#pending;
    this.#pending = [];
    for (const fragment of mergeFragments(pending, this.#rules)) this.#append(fragment);
  }

  #append(fragment: Fragment): void {
    const content = fragment.content.trim();
    for (const time of [fragment.timestamp, fragment.end]) {
      if (typeof time === 'number' && Number.isFinite(time)) this.#latest = Math.max(this.#latest, time);
    }
    if (!content) return;
    const speakerId = this.participant(fragment.speaker, fragment.role);
    const weight = content.length;
    const confidence =
      typeof fragment.confidence === 'number' && Number.isFinite(fragment.confidence)
        ? Math.min(1, Math.max(0, fragment.confidence))
        : undefined;
    const last = this.#messages.at(-1);
    if (this.#merge && last && last.speakerId === speakerId) {
      last.parts.push(content);
      last.timestamp ??= fragment.timestamp;
      // Summed in place: a run of 100,000 fragments of one speaker must not copy a list per fragment.
      if (last.confidence && confidence !== undefined) {
        last.confidence.sum += confidence * weight;
        last.confidence.weight += weight;
      } else last.confidence = null;
      return;
    }
    // Past the limit the transcript is refused: stop before building the rest.
    if (this.#messages.length >= TRANSCRIPT_LIMITS.messages) throw tooManyMessages();
    this.#messages.push({
      speakerId,
      parts: [content],
      timestamp: fragment.timestamp,
      confidence: confidence === undefined ? null : { sum: confidence * weight, weight },
    });
  }

  get messageCount(): number {
    this.#settle();
    return this.#messages.length;
  }

  /** The transcript; `duration` defaults to the latest time seen, when there was any. */
  build(meta: { title?: string; date?: string; duration?: number } = {}): ParserOutput['transcript'] {
    this.#settle();
    const duration = meta.duration ?? (this.#latest > 0 ? this.#latest : undefined);
    const used = new Set(this.#messages.map((m) => m.speakerId));
    return {
      ...(meta.title ? { title: meta.title } : {}),
      ...(meta.date ? { date: meta.date } : {}),
      ...(duration !== undefined ? { duration: Math.round(duration * 1000) / 1000 } : {}),
      participants: [...this.#participants.values()].filter((p) => used.has(p.id)),
      messages: this.#messages.map((draft, index) => {
        const confidence = draft.confidence ? draft.confidence.sum / draft.confidence.weight : undefined;
        return {
          id: `m${index + 1}`,
          content: draft.parts.join(' '),
          timestamp: draft.timestamp,
          speaker: { id: draft.speakerId },
          ...(confidence !== undefined ? { confidence: Math.round(confidence * 10000) / 10000 } : {}),
        };
      }),
    };
  }
}
