import { describe, expect, it } from 'vitest';
import { decisionText, evidenceText, followThroughTexts, type Proposal } from './followThrough.ts';

const proposal = (over: Partial<Proposal>): Proposal => ({
  id: 'p1', kind: 'same', state: 'open', score: 0.712, transcriptId: 'm2', decidedAt: null, decidedBy: null,
  ticket: {
    id: 't1', title: 'Upgrade the warehouse', status: 'ToDo', priority: 'Medium', assignee: 'Omar', project: 'Data', dueDate: null,
    externalKey: null, externalUrl: null, externalType: null, meeting: { id: 'm1', title: 'Data weekly', date: '2026-05-04' }, quote: 'I will upgrade it.',
  },
  newTicket: null, newTitle: 'Upgrade the warehouse to 16', quote: 'Scheduled for Saturday.', speaker: null,
  sharedWords: ['upgrade', 'warehouse'], sameAssignee: true, sameProject: false, proposed: {}, ...over,
});

describe('a proposal in words', () => {
  it('names the meeting it came from, and the evidence', () => {
    expect(followThroughTexts.from({ id: 'm1', title: 'Data weekly', date: '2026-05-04' })).toBe('from “Data weekly”, May 4, 2026');
    expect(followThroughTexts.from({ id: 'm1', title: null, date: null })).toBe('from a meeting');
    expect(followThroughTexts.from(null)).toBe('made by hand');
    expect(evidenceText(proposal({}))).toBe('In common: upgrade, warehouse · same assignee · 71% alike');
    expect(evidenceText(proposal({ sharedWords: [], sameAssignee: false, sameProject: true }))).toBe('same project · 71% alike');
  });

  it('says what was decided, and by whom', () => {
    expect(decisionText(proposal({}))).toBeNull();
    expect(decisionText(proposal({ state: 'accepted', decidedBy: 'Ada' }))).toBe('Merged “Upgrade the warehouse to 16” into this ticket by Ada.');
    expect(decisionText(proposal({ state: 'dismissed', decidedBy: null }))).toBe('Kept separate.');
    expect(decisionText(proposal({ kind: 'done', state: 'accepted', decidedBy: 'Ada' }))).toBe('Marked done by Ada.');
    expect(decisionText(proposal({ kind: 'done', state: 'dismissed', decidedBy: 'Ada' }))).toBe('Dismissed by Ada.');
  });

  it('offers the due date and priority the meeting gave, with what the ticket has now', () => {
    expect(followThroughTexts.useDueDate('2026-05-16', null)).toBe("Use this meeting's due date, May 16, 2026 (now none)");
    expect(followThroughTexts.useDueDate('2026-05-16', '2026-05-09')).toBe("Use this meeting's due date, May 16, 2026 (now May 9, 2026)");
    expect(followThroughTexts.usePriority('High', 'Medium')).toBe("Use this meeting's priority, High (now Medium)");
  });
});
