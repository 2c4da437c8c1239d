/**
 * Ticket attributes read from the words around a task: priority, effort, tags and the project.
 */
import type { ExtractedTicket, ParsedTranscript } from '../../sdk/index.ts';

const NOT_URGENT = /\b(?:not (?:urgent|critical|a blocker|a priority|high priority)|no rush|no hurry|non[- ]urgent)\b/i;
const HIGH =
  /\b(?:urgent(?:ly)?|asap|a\.s\.a\.p\.?|as soon as possible|critical|blockers?|blocking|high[- ]priority|top priority|highest priority|priority one|p0|p1|right away|immediately)\b/i;
const LOW =
  /\b(?:when(?:ever)? (?:you|we|i|they|he|she) (?:get|have|find) (?:a |the |some )?(?:chance|moment|minute|time)|nice[- ]to[- ]have|low[- ]priority|lowest priority|no rush|no hurry|not urgent|if (?:you|we) have (?:the )?time|at some point|someday|eventually|backlog)\b/i;

/** High for urgent, asap, critical, blocker, high priority; Low for "when you get a chance", nice to have, low priority; else Medium. */
export function findPriority(text: string): ExtractedTicket['priority'] {
  if (NOT_URGENT.test(text)) return 'Low';
  if (HIGH.test(text)) return 'High';
  if (LOW.test(text)) return 'Low';
  return 'Medium';
}

/** Priority words as a title should not carry them ("…, urgent", "when you get a chance"). */
export const PRIORITY_PHRASE =
  /,?\s*\b(?:(?:it's|it is|this is|that's)\s+)?(?:(?:a|an|the)\s+)?(?:urgent(?:ly)?|asap|a\.s\.a\.p\.?|as soon as possible|critical|blocker|high[- ]priority|top priority|right away|when(?:ever)? (?:you|we|i) (?:get|have|find) (?:a |the |some )?(?:chance|moment|minute|time)|nice[- ]to[- ]have(?: though)?|low[- ]priority|no rush|if (?:you|we) have (?:the )?time)\b(?:\s+(?:for|on|in) (?:the |this |our )?\w+)?/gi;

const SMALL =
  /\b(?:quick(?:ly)?|quick (?:fix|win|change|one)|small (?:fix|change|task|tweak|thing|job)|minor (?:fix|change|tweak)|trivial|one[- ]liner|tiny)\b/i;
const LARGE =
  /\b(?:big (?:job|task|project|change|effort|piece of work)|huge|major (?:rewrite|refactor|change|piece of work|effort|overhaul)|rewrite|overhaul|from scratch|a lot of work|lots of work|large (?:task|effort|change|job))\b/i;
const TAKES = /\b(?:takes?|taking|will take|should take|would take|need|needs)\s+(?:about |around |maybe |probably |roughly |at least |only |just )?(?:an?|one|two|three|four|five|six|few|a few|a couple(?: of)?|couple of|several|half an?|\d+)\s+(minutes?|hours?|days?|weeks?|months?)\b/i;

/** Small, Medium or Large when the meeting says how big the task is; null otherwise. */
export function findEffort(text: string): ExtractedTicket['effort'] {
  const takes = TAKES.exec(text);
  if (takes) {
    const unit = takes[1]!.toLowerCase();
    if (unit.startsWith('minute') || unit.startsWith('hour')) return 'Small';
    if (unit.startsWith('day')) return 'Medium';
    return 'Large';
  }
  if (LARGE.test(text)) return 'Large';
  if (SMALL.test(text)) return 'Small';
  return null;
}

const TAGS: [string, RegExp][] = [
  ['bug', /\b(?:bugs?|crash(?:es|ed|ing)?|broken|regressions?|defects?|glitch(?:es)?|fix(?:es|ed|ing)?|hotfix)\b/i],
  ['frontend', /\b(?:front[- ]?end|css|html|react|javascript|browser|web ?pages?|landing page|stylesheets?)\b/i],
  ['backend', /\b(?:back[- ]?end|apis?|endpoints?|database|db|servers?|sql|migrations?|queues?)\b/i],
  ['design', /\b(?:design(?:s|ed|ing)?|mock[- ]?ups?|wireframes?|layouts?|prototypes?|figma|sketch(?:es)?)\b/i],
  ['docs', /\b(?:docs|documentation|document(?:ed|ing)? (?:the|it|this)|readme|manuals?|wiki|user guide|write[- ]?up)\b/i],
  ['testing', /\b(?:tests?|testing|tested|qa|unit tests?|e2e|test plan|test cases?)\b/i],
  ['marketing', /\b(?:marketing|campaigns?|advertis(?:e|ing|ement)s?|promotion|social media|press release|newsletter|seo)\b/i],
  ['research', /\b(?:research(?:ing)?|investigat(?:e|ing|ion)|surveys?|look into|find out|user study|interviews?|questionnaires?|analy[sz](?:e|is|ing))\b/i],
  ['security', /\b(?:security|vulnerabilit(?:y|ies)|passwords?|authenticat(?:e|ion)|permissions?|encrypt(?:ion|ed)?)\b/i],
  ['performance', /\b(?:performance|latency|slow(?:ness)?|speed up|optimi[sz](?:e|ation|ing)|memory leak)\b/i],
  ['devops', /\b(?:deploy(?:s|ed|ing|ment)?|ci|pipelines?|docker|kubernetes|infrastructure|hosting)\b/i],
  ['budget', /\b(?:budget|costs?|invoices?|expenses?)\b/i],
];

/** Tags from a small keyword list, only for keywords present in the text. */
export function findTags(text: string): string[] {
  return TAGS.filter(([, pattern]) => pattern.test(text)).map(([tag]) => tag);
}

const NOT_A_NAME = new Set(
  'The This That Our Your My His Her Their Its Next Last New Old Whole Current Final Same Other Each Every Which What First Second Third Big Main Whole Entire Any Some One Another Previous Overall Team Company'.split(
    ' ',
  ),
);
const NAME = String.raw`\p{Lu}[\p{L}\p{N}&-]*(?:\s+\p{Lu}[\p{L}\p{N}&-]*){0,2}`;
const PROJECT_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}])[Pp]roject\s*[:\-\u2013]?\s+["\u201c']?(${NAME})`, 'gu');
const PROJECT_AFTER = new RegExp(String.raw`(?<![\p{L}\p{N}])(${NAME})\s+[Pp]roject\b`, 'gu');
const ROLE_WORD = /\b(?:manager|managers|lead|leader|owner|plan|team|meeting|update|review|status)\b/i;

function projectNames(text: string, participants: readonly string[]): string[] {
  const names: string[] = [];
  for (const pattern of [PROJECT_BEFORE, PROJECT_AFTER]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const words = match[1]!.split(/\s+/);
      while (words.length && NOT_A_NAME.has(words[0]!)) words.shift();
      const name = words.join(' ');
      if (!name || ROLE_WORD.test(name) || participants.some((p) => p.toLowerCase().includes(name.toLowerCase()))) continue;
      names.push(name);
    }
  }
  return names;
}

/**
 * The project the transcript is about, when its title names one ("Project Apollo", "the Apollo project") or its
 * text names exactly one, at least twice. Null otherwise.
 */
export function findProject(transcript: ParsedTranscript): string | null {
  const people = transcript.participants.map((p) => p.name);
  const fromTitle = projectNames(transcript.title, people);
  if (fromTitle.length) return fromTitle[0]!;
  const counts = new Map<string, number>();
  for (const message of transcript.messages) {
    if (!/project/i.test(message.content)) continue;
    for (const name of projectNames(message.content, people)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const named = [...counts].filter(([, count]) => count >= 2);
  return named.length === 1 ? named[0]![0] : null;
}
