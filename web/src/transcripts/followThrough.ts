import type { Schema } from '../api/schema.ts';
import { formatDate } from '../ui/dates.ts';

export type Proposal = Schema<'ProposalView'>;

export const followThroughTexts = {
  heading: 'From earlier meetings',
  intro: 'This meeting seems to come back to tickets already open. Nothing changes until you decide.',
  sameAs: (title: string) => `Same as “${title}”`,
  from: (meeting: Proposal['ticket']['meeting']) =>
    meeting ? `from ${meeting.title ? `“${meeting.title}”` : 'a meeting'}${meeting.date ? `, ${formatDate(meeting.date)}` : ''}` : 'made by hand',
  saidDone: (title: string) => `“${title}” said done`,
  then: 'Then',
  now: 'Now',
  said: (speaker: string | null) => (speaker ? `${speaker} said` : 'Said'),
  shared: (words: readonly string[]) => `In common: ${words.join(', ')}`,
  sameAssignee: 'same assignee',
  sameProject: 'same project',
  useDueDate: (due: string, was: string | null) => `Use this meeting's due date, ${formatDate(due)} (now ${was ? formatDate(was) : 'none'})`,
  usePriority: (priority: string, was: string) => `Use this meeting's priority, ${priority} (now ${was})`,
  merge: 'Merge',
  keepSeparate: 'Keep separate',
  markDone: 'Mark done',
  dismiss: 'Dismiss',
  merged: (title: string | null, by: string | null) => `Merged${title ? ` “${title}”` : ''} into this ticket${by ? ` by ${by}` : ''}.`,
  keptSeparate: (by: string | null) => `Kept separate${by ? ` by ${by}` : ''}.`,
  markedDone: (by: string | null) => `Marked done${by ? ` by ${by}` : ''}.`,
  dismissed: (by: string | null) => `Dismissed${by ? ` by ${by}` : ''}.`,
  failed: 'The decision could not be saved',
  loadFailed: 'Failed to load what this meeting proposes',
  match: (score: number) => `${Math.round(score * 100)}% alike`,
} as const;

/** What a decided proposal says about its decision. */
export function decisionText(proposal: Proposal): string | null {
  if (proposal.state === 'open') return null;
  const texts = followThroughTexts;
  if (proposal.kind === 'same') return proposal.state === 'accepted' ? texts.merged(proposal.newTitle, proposal.decidedBy) : texts.keptSeparate(proposal.decidedBy);
  return proposal.state === 'accepted' ? texts.markedDone(proposal.decidedBy) : texts.dismissed(proposal.decidedBy);
}

/** The evidence line: the shared words, and the fields the two tickets share. */
export function evidenceText(proposal: Proposal): string {
  const parts = [
    ...(proposal.sharedWords.length ? [followThroughTexts.shared(proposal.sharedWords)] : []),
    ...(proposal.sameAssignee ? [followThroughTexts.sameAssignee] : []),
    ...(proposal.sameProject ? [followThroughTexts.sameProject] : []),
    followThroughTexts.match(proposal.score),
  ];
  return parts.join(' · ');
}
