import type { ExtractionRequest, Message, ParsedTranscript } from '../../plugins/sdk/index.ts';

/** About 3,000 tokens of transcript per extraction call: room for the answer, and parallel calls for long meetings. */
const CHUNK_CHARACTERS = 12_000;

/**
 * Splits messages into chunks of about `maxCharacters` at a change of speaker, so no turn is cut in two; only a
 * turn longer than the limit itself (a monologue, or a long message the host split) is cut, between its messages,
 * so no chunk grows past twice the limit plus a message. Deterministic: the same input always gives the same chunks
 * (activities recompute them by index).
 */
export function chunkMessages(messages: Message[], maxCharacters = CHUNK_CHARACTERS): Message[][] {
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let size = 0;
  let turnSize = 0;
  for (const [index, message] of messages.entries()) {
    const turnStarts = index === 0 || messages[index - 1]!.speaker.id !== message.speaker.id;
    if (turnStarts) turnSize = 0;
    const full = current.length > 0 && size + message.content.length > maxCharacters;
    if (full && (turnStarts || turnSize + message.content.length > maxCharacters)) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(message);
    size += message.content.length + 1;
    turnSize += message.content.length + 1;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** One extraction request per chunk of the transcript, with the meeting date when the transcript states one. */
export function extractionRequests(transcript: ParsedTranscript): ExtractionRequest[] {
  const chunks = chunkMessages(transcript.messages);
  const meetingDate = transcript.date?.slice(0, 10);
  return chunks.map((messages, index) => ({
    transcript: { ...transcript, messages },
    ...(meetingDate ? { meetingDate } : {}),
    chunk: { index, count: chunks.length },
  }));
}
