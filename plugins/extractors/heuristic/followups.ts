/**
 * Priority and due-date cues said just after a task: in the speaker's next sentence ("…by Friday. It's high
 * priority.") or in the next turns ("When by?" / "Thursday."). A follow-up is a short sentence with no task of
 * its own; the search stops at the next task.
 */
import type { ExtractionRequest } from '../../sdk/index.ts';
import type { Candidate } from './candidates.ts';
import { findDueDate } from './dates.ts';
import { type Sentence, splitSentences } from './text.ts';

/** Longer sentences are about something else. */
const MAX_WORDS = 12;
/** A date in a longer sentence still counts when it is given as a deadline. */
const DEADLINE = /\b(?:by(?! the way)|before|until|till|due|deadline|no later than|latest|let's say)\b/i;
/** A question that asks for the date: the answer gives it, however it is put. */
const ASKS_WHEN = /\b(?:when by|by when|when (?:do|would|should|can) (?:you|we|i|they) need|what(?:'s| is) the (?:deadline|due date|timeline)|how soon|when is it due)\b/i;
const SPEAKS_OF_PRIORITY =
  /\b(?:urgent|asap|critical|blocker|blocking|priority|p0|p1|right away|immediately|no rush|no hurry|nice[- ]to[- ]have|whenever|not urgent|at some point|eventually)\b/i;
/** The turns after a task that may still speak of it. */
const NEXT_TURNS = 3;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Gives each candidate the sentences after it that speak of its priority or due date, and the due date they name
 * when it has none. `tasks` are the candidates that become tickets; the search for follow-ups stops at `stops`
 * (every candidate task, kept or not: "we need to migrate by the end of the month" dates no task before it).
 */
export function attachFollowUps(request: ExtractionRequest, tasks: Candidate[], stops: readonly Candidate[] = tasks): void {
  const messages = request.transcript.messages;
  const cache = new Map<number, Sentence[]>();
  const sentencesOf = (index: number) => {
    let sentences = cache.get(index);
    if (!sentences) cache.set(index, (sentences = splitSentences(messages[index]?.content ?? '')));
    return sentences;
  };
  const taskAt = new Set(stops.map((t) => `${t.messageIndex}:${t.sentence.start}`));
  for (const task of tasks) {
    let asked = false;
    const consider = (index: number, sentence: Sentence): boolean => {
      if (taskAt.has(`${index}:${sentence.start}`)) return false;
      const text = sentence.clean;
      const short = words(text) <= MAX_WORDS;
      if (short && SPEAKS_OF_PRIORITY.test(text)) task.followUps.push(text);
      // In the speaker's own turn a short sentence may give the date; in later turns only an answer or a deadline.
      const dated = DEADLINE.test(text) || asked || (index === task.messageIndex ? short : words(text) <= 2);
      if (!task.dueDate && dated) task.dueDate = findDueDate(text, request.meetingDate);
      if (ASKS_WHEN.test(text)) asked = true;
      return true;
    };
    const own = sentencesOf(task.messageIndex);
    let going = true;
    for (const sentence of own.filter((s) => s.start > task.sentence.start).slice(0, 2)) {
      if (!(going = consider(task.messageIndex, sentence))) break;
    }
    for (let j = task.messageIndex + 1; going && j <= Math.min(messages.length - 1, task.messageIndex + NEXT_TURNS); j++) {
      for (const sentence of sentencesOf(j).slice(0, 2)) {
        if (!(going = consider(j, sentence))) break;
      }
    }
  }
}
