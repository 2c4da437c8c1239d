/**
 * What the OpenAI-compatible extractor tells the model: a system prompt that defines a ticket field by field, and
 * the user message that carries one transcript (or one chunk of it) as `[mm:ss] Name: text` lines.
 */
import type { ExtractionRequest, Message } from '../../sdk/index.ts';

export const SYSTEM_PROMPT = `You turn meeting transcripts into work tickets for a project tracker.

Read the transcript and find the real work items: commitments ("I'll send the report by Friday"), requests that someone accepted or was asked to do ("Can you fix the login bug?"), and decisions that leave someone with something to do. Skip everything else: greetings, chit-chat, status updates about work that is already done, opinions, questions that were answered on the spot, and ideas nobody agreed to act on. Do not invent work that was not discussed. Several remarks about the same piece of work make one ticket, not several. If there is no real work item, answer with an empty list.

Answer with JSON only, matching the given schema: {"tickets": [...]}. Every field is required; use null (or an empty list) when the transcript does not say. For each ticket:
- title: a short imperative summary of the work, at most about 80 characters (e.g. "Fix the login timeout on mobile").
- description: what has to be done and why, in one to three sentences.
- context: what in the meeting led to the task (the problem, the customer, the discussion), or null.
- implementation: how it could be done, only when the meeting said so (approach, tools, steps), or null.
- dependsOn: the titles, exactly as you wrote them, of other tickets in this same answer that must be done first; an empty list when there are none. Never name a ticket that is not in your answer.
- effort: "Small" (hours), "Medium" (a few days) or "Large" (a week or more), only when the meeting gives a hint of the size; otherwise null.
- priority: "High" when it is urgent, blocking, customer-facing or has a near deadline; "Low" when it is a nice-to-have or "when there is time"; otherwise "Medium".
- assignee: the one person who will do the work, written exactly as their name appears in the participant list; null when nobody took it on or the person is not in the list. Never invent a name, never use a role or a team, never name two people.
- dueDate: the deadline as YYYY-MM-DD. Resolve relative dates ("tomorrow", "by Friday", "end of next week", "in two weeks") against the meeting date given with the transcript. When no meeting date is given, use a date only if the full calendar date including the year was said; otherwise null. Null when no deadline was mentioned.
- tags: a few short lower-case keywords for the area of the work (e.g. "frontend", "billing", "bug"); an empty list when none fit.
- notes: anything else worth keeping (open questions, risks, people to consult), or null.
- project: the project, product or client the work belongs to when it was named, or null.
- quote: the words from the transcript the ticket came from, copied verbatim from one message (the text only, without the time or the speaker's name).

Write the ticket text in the language of the transcript.`;

/** `[mm:ss]` from seconds; minutes keep counting past an hour (`[75:03]`). */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `[${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}]`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `2025-03-10 (Monday)` for an ISO date or date-time; the date as given when it does not start with one. */
function describeMeetingDate(date: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!day) return date;
  const weekday = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).getUTCDay();
  return `${day[0]} (${WEEKDAYS[weekday] ?? ''})`;
}

/** One line per message: `[mm:ss] Name: text` (no time when the source has none), line breaks folded. */
function formatMessage(message: Message, names: ReadonlyMap<string, string>): string {
  const speaker = names.get(message.speaker.id) ?? message.speaker.id;
  const text = message.content.replace(/\s*\r?\n\s*/g, ' ').trim();
  return `${message.timestamp === null ? '' : formatTimestamp(message.timestamp) + ' '}${speaker}: ${text}`;
}

/** The user message for a request: meeting date, participants (name and role), then the messages. */
export function buildUserMessage(request: ExtractionRequest): string {
  const { transcript, meetingDate, chunk } = request;
  const names = new Map(transcript.participants.map((p) => [p.id, p.name]));
  const lines = [`Meeting: ${transcript.title}`];
  lines.push(
    meetingDate
      ? `Meeting date: ${describeMeetingDate(meetingDate)}`
      : 'Meeting date: unknown (leave dueDate null unless a full calendar date with the year was said)',
  );
  if (chunk.count > 1) {
    lines.push(
      `This is part ${chunk.index + 1} of ${chunk.count} of the transcript; the other parts are handled separately, so extract only the work items discussed in this part.`,
    );
  }
  lines.push('', 'Participants (the only valid assignees):');
  for (const participant of transcript.participants) {
    lines.push(`- ${participant.name}${participant.role ? ` (${participant.role})` : ''}`);
  }
  if (transcript.participants.length === 0) lines.push('- none known (assignee must be null)');
  lines.push('', 'Transcript:');
  for (const message of transcript.messages) lines.push(formatMessage(message, names));
  return lines.join('\n');
}
