import type { ExtractionRequest, Message, ParsedTranscript } from '../../plugins/sdk/index.ts';

/** About 3,000 tokens of transcript per extraction call: room for the answer, and parallel calls for long meetings. */
const CHUNK_CHARACTERS = 12_000;

/**
 * Splits messages into chunks of about `maxCharacters`, only at a change of speaker, so no turn is cut in two.
 * A single turn longer than the limit stays whole in its own chunk. Deterministic: the same input always gives
 * the same chunks (activities recompute them by index).
 */
export function chunkMessages(messages: Message[], maxCharacters = CHUNK_CHARACTERS): Message[][] {
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let size = 0;
  for (const [index, message] of messages.entries()) {
    const turnStarts = index === 0 || messages[index - 1]!.speaker.id !== message.speaker.id;
    if (turnStarts && current.length && size + message.content.length > maxCharacters) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(message);
    size += message.content.length + 1;
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
