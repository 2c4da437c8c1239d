/** Zoom's meeting chat, saved by the cloud recording or by the client, in both of its layouts. */
import type { ParserOutput } from '../../sdk/index.ts';
import { TranscriptBuilder } from '../shared/builder.ts';
import { displayName, splitLines, squash } from '../shared/text.ts';
import { parseClock, WallClock } from '../shared/time.ts';
import { FROM_ONE_LINE, FROM_TO_HEADER, TAB_CHAT_LINE } from './detect.ts';
import { dateFromZoomFileName } from './file-name.ts';

interface ChatMessage {
  speaker: string;
  timestamp: number | null;
  parts: string[];
}

/**
 * Zoom meeting chat, both layouts:
 * - `HH:MM:SS<TAB>Name:<TAB>message` (cloud-recording chat file): times are offsets from the recording start and
 *   are kept as they are;
 * - ` HH:MM:SS From Name To Everyone:` then the message on the next (tab-indented) lines, or the older one-line
 *   `HH:MM:SS From Name : message` (local saves): times are the local clock, turned into seconds from the first
 *   message.
 * Lines without a leading time continue the message before them (a message can span lines, and its text can
 * itself look like `Steve: ...`). Every chat line is its own message: chat is not merged. A chat has no meeting
 * length, so no duration is given.
 */
export function readChat(text: string, fileName?: string): ParserOutput {
  const wallClock = new WallClock();
  const messages: ChatMessage[] = [];
  let tabLines = 0;
  let fromLines = 0;
  let current: ChatMessage | undefined;
  for (const line of splitLines(text)) {
    const tab = TAB_CHAT_LINE.exec(line);
    if (tab) {
      tabLines++;
      const rest = line.slice(tab[0].length);
      current = { speaker: displayName(tab[2]!), timestamp: parseClock(tab[1]!) ?? null, parts: [rest] };
      messages.push(current);
      continue;
    }
    const fromTo = FROM_TO_HEADER.exec(line);
    if (fromTo) {
      fromLines++;
      current = { speaker: senderName(line, fromTo[2]!), timestamp: wallClock.offset(fromTo[1]!), parts: [] };
      messages.push(current);
      continue;
    }
    const oneLine = FROM_ONE_LINE.exec(line);
    if (oneLine) {
      fromLines++;
      current = { speaker: displayName(oneLine[2]!.replace(/[ \t]+to[ \t]+.+$/i, '')), timestamp: wallClock.offset(oneLine[1]!), parts: [oneLine[3]!] };
      messages.push(current);
      continue;
    }
    // A continuation line; text before the first message has no sender and is not chat (a title, say).
    if (current && /\S/.test(line)) current.parts.push(line);
  }
  if (!messages.length) throw new Error('no chat lines found: expected "HH:MM:SS<TAB>Name:<TAB>message" or "HH:MM:SS From Name To Everyone:"');
  const builder = new TranscriptBuilder({ merge: false });
  for (const message of messages) builder.add({ speaker: message.speaker, content: squash(message.parts.join(' ')), timestamp: message.timestamp });
  if (!builder.messageCount) throw new Error('every chat message is empty: no messages found');
  const date = dateFromZoomFileName(fileName);
  const { duration: _duration, ...transcript } = builder.build(date ? { date } : {});
  return { transcript, variant: tabLines >= fromLines ? 'chat-tab-separated' : 'chat-from-to' };
}

/** The sender in ` 10:56:23 From Tom Sweeney (Red Hat, Inc.) To Everyone:`; `To Everyone` is cut at the last ' To '. */
function senderName(line: string, lazy: string): string {
  const everyone = /[ \t]+From[ \t]+(.+)[ \t]+to[ \t]+Everyone[ \t]*:[ \t]*$/i.exec(line);
  return displayName(everyone ? everyone[1]! : lazy);
}
