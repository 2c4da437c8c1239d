/**
 * A bot service's utterances as Tickscribe's transcript: one participant per speaker the service tells apart,
 * named as the service names them, one message per utterance in order. Nothing said is no recording.
 */
import { BotError, type ParserOutput } from '../../sdk/index.ts';

export interface Utterance {
  /** The speaker as the service identifies them within the meeting; null when it does not know who spoke. */
  speakerKey: string | null;
  speakerName: string | null;
  text: string;
  /** Seconds from the start of the recording, or null when not given. */
  start: number | null;
}

const UNKNOWN = 'Unknown speaker';

export function transcriptOf(utterances: Utterance[], service: string): ParserOutput['transcript'] {
  const participants = new Map<string, { id: string; name: string }>();
  const messages: ParserOutput['transcript']['messages'] = [];
  for (const utterance of utterances) {
    const content = utterance.text.replace(/\s+/g, ' ').trim();
    if (!content) continue;
    const name = utterance.speakerName?.trim() || UNKNOWN;
    const key = utterance.speakerKey ?? `name:${name}`;
    let participant = participants.get(key);
    if (!participant) participants.set(key, (participant = { id: `p${participants.size + 1}`, name }));
    const timestamp = utterance.start === null || !Number.isFinite(utterance.start) ? null : Math.round(Math.max(0, utterance.start) * 1000) / 1000;
    messages.push({ id: `m${messages.length + 1}`, content, timestamp, speaker: { id: participant.id } });
  }
  if (!messages.length) {
    throw new BotError('no_recording', `The ${service} recording holds nothing to transcribe: nobody spoke while the bot was recording.`);
  }
  return { participants: [...participants.values()], messages };
}
