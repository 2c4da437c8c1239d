/** Reading a Google Meet file: the transcript document or the chat, as its signature (see detect.ts) says. */
import type { ParserInput, ParserOutput } from '../../sdk/index.ts';
import { readChat } from './chat.ts';
import { meetSignature } from './detect.ts';
import { readTranscript } from './transcript.ts';

export function parseGoogleMeet(input: ParserInput): ParserOutput {
  const kind = meetSignature(input.text)?.kind;
  if (kind === 'chat') return readChat(input.text);
  if (kind === 'transcript') return readTranscript(input.text);
  throw new Error('this is not a Google Meet transcript or chat: no Meet title line ("... - Transcript"), transcript notice or "Name11:04 AM" chat lines were found');
}
