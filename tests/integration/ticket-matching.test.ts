// "Same task" matching (core/tickets/matching.ts) on clear cases: restated, related but distinct, unrelated, an
// assignee conflict, accents and punctuation, empty fields; the candidate index; the "done" detector; and the shape
// of the benchmark's labelled set (bench/data/same-task-pairs.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SAME_TASK_THRESHOLD,
  buildMatchIndex,
  findSameTask,
  matchMeeting,
  saysDone,
  scoreSameTask,
  stem,
  tokenize,
  type OpenTicket,
} from '../../core/tickets/matching.ts';

const open: OpenTicket[] = [
  { id: 'redirect', title: 'Fix the login redirect', description: 'After SSO sign-in users land on the home page.', assignee: 'Ada Lovelace', project: 'Web', transcriptTitle: 'Web stand-up', transcriptDate: '2026-03-02' },
  { id: 'docs', title: 'Write the onboarding docs for admins', description: 'A step-by-step guide.', assignee: 'Alan Turing', project: 'Web' },
  { id: 'billing', title: 'Migrate the billing tables to the new schema', description: 'Invoices and line items.', assignee: 'Grace Hopper', project: 'Web' },
  { id: 'push', title: 'Fix push notifications on Android 14', description: "Push notifications aren't delivered.", assignee: 'Zoë Šimić', project: 'Mobile' },
  { id: 'pricing', title: 'Update the pricing page copy', description: '', assignee: 'Priya Raman', project: 'Web' },
];
const index = buildMatchIndex(open);
const best = (ticket: Parameters<typeof findSameTask>[0]) => findSameTask(ticket, index, { threshold: 0, limit: 1 })[0];

describe('normalisation', () => {
  it('folds case, accents and punctuation and drops function words', () => {
    expect(tokenize('The LOGIN-redirect, for Zoë!').map((t) => t.stem)).toEqual(['loginredirect', 'zoe']);
    expect(tokenize('Send the e-mail to the team').map((t) => t.stem)).toEqual(['send', 'mail', 'team']);
    expect(tokenize('Release 2.3 notes').map((t) => t.stem)).toEqual(['releas', '23', 'not']);
  });

  it('strips plurals, -ing and -ed the same way for every form of a word', () => {
    expect(stem('notifications')).toBe(stem('notification'));
    expect(stem('fixing')).toBe(stem('fixed'));
    expect(stem('shipped')).toBe(stem('ship'));
    expect(stem('updating')).toBe(stem('update'));
    expect(stem('queries')).toBe(stem('query'));
    expect(stem('status')).toBe('status');
  });
});

describe('same task', () => {
  it('finds a restated task in other words, with its evidence and meeting', () => {
    const match = best({ title: 'Login redirect bug is still open', description: '', assignee: 'Ada Lovelace', project: 'Web' });
    expect(match?.ticket.id).toBe('redirect');
    expect(match!.score).toBeGreaterThanOrEqual(SAME_TASK_THRESHOLD);
    expect(match!.evidence.titleWords).toEqual(expect.arrayContaining(['login', 'redirect']));
    expect(match!.evidence.sameAssignee).toBe(true);
    expect(match!.ticket.transcriptTitle).toBe('Web stand-up');
  });

  it('keeps a related but distinct task below the threshold', () => {
    const { score } = scoreSameTask({ title: 'Write the login docs', assignee: 'Alan Turing', project: 'Web' }, open[0]!, index);
    expect(score).toBeLessThan(SAME_TASK_THRESHOLD);
    const review = scoreSameTask({ title: 'Review the billing migration', project: 'Web' }, open[2]!, index);
    expect(review.evidence.actionConflict).toBe(true);
    expect(review.score).toBeLessThan(SAME_TASK_THRESHOLD);
  });

  it('gives unrelated tickets no candidate at all', () => {
    expect(findSameTask({ title: 'Order new chairs for the office', assignee: 'Priya Raman' }, index)).toEqual([]);
  });

  it('pulls a match down when both name different assignees', () => {
    const ticket = { title: 'The login redirect on mobile Safari', description: '', project: 'Web' };
    const same = scoreSameTask({ ...ticket, assignee: 'Ada' }, open[0]!, index);
    const nobody = scoreSameTask(ticket, open[0]!, index);
    const other = scoreSameTask({ ...ticket, assignee: 'Grace Hopper' }, open[0]!, index);
    expect(same.evidence.sameAssignee).toBe(true);
    expect(other.evidence.assigneeConflict).toBe(true);
    expect(same.score).toBeGreaterThan(nobody.score);
    expect(nobody.score).toBeGreaterThan(other.score);
    expect(other.score).toBeLessThan(SAME_TASK_THRESHOLD);
  });

  it('matches across accents and punctuation in text and names', () => {
    const match = best({ title: 'PUSH-notifications: fix on android 14!!', assignee: 'Zoe Simic', project: 'mobile' });
    expect(match?.ticket.id).toBe('push');
    expect(match!.score).toBeGreaterThanOrEqual(SAME_TASK_THRESHOLD);
    expect(match!.evidence.sameAssignee).toBe(true);
    expect(match!.evidence.sameProject).toBe(true);
  });

  it('copes with empty fields and an empty candidate list', () => {
    expect(findSameTask({ title: '' }, index)).toEqual([]);
    expect(findSameTask({ title: 'Fix the login redirect' }, buildMatchIndex([]))).toEqual([]);
    const bare = scoreSameTask({ title: 'Update pricing page copy', description: null, assignee: null, project: null, tags: null }, open[4]!);
    expect(bare.score).toBeGreaterThanOrEqual(SAME_TASK_THRESHOLD);
    expect(bare.score).toBeLessThanOrEqual(1);
  });

  it('scores in [0, 1], best first, at most `limit`', () => {
    const [matches] = matchMeeting([{ title: 'Fix the login redirect and the push notifications' }], open, { threshold: 0, limit: 2 });
    expect(matches!.length).toBeLessThanOrEqual(2);
    for (const m of matches!) expect(m.score).toBeGreaterThanOrEqual(0);
    expect(matches![0]!.score).toBeGreaterThanOrEqual(matches![1]?.score ?? 0);
  });

  it('finds the one restated ticket among thousands quickly', () => {
    const many: OpenTicket[] = Array.from({ length: 5000 }, (_, i) => ({ id: `t${i}`, title: `Review the quarterly report number ${i}`, description: 'Filler text.', assignee: 'Ada Lovelace', project: 'Web' }));
    many.push({ id: 'needle', title: 'Rotate the staging database credentials', description: '', assignee: 'Grace Hopper', project: 'Web' });
    const big = buildMatchIndex(many);
    const [match] = findSameTask({ title: 'Staging DB credentials rotation is still open', assignee: 'Grace Hopper' }, big);
    expect(match?.ticket.id).toBe('needle');
  });
});

describe('saysDone', () => {
  it.each([
    'I finished the login redirect fix',
    'The onboarding docs are done',
    'We shipped the export on Tuesday.',
    'The billing rollback script is merged.',
  ])('says done: %s', (quote) => expect(saysDone(quote)).toBe(true));

  it.each([
    'Is the login redirect fixed?',
    "I'll finish the docs on Friday.",
    'Once the docs are done, we publish them.',
    "The migration isn't merged yet.",
    'We are almost done with the redirect.',
    'The login redirect bug is still open.',
    '',
  ])('does not say done: %s', (quote) => expect(saysDone(quote)).toBe(false));
});

describe('the benchmark set', () => {
  const { pairs } = JSON.parse(readFileSync(new URL('../../bench/data/same-task-pairs.json', import.meta.url), 'utf8')) as {
    pairs: { a: { title: string }; b: { title: string }; label: string; source: string }[];
  };

  it('holds at least 200 labelled pairs with all three labels, each with a source', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    const labels = new Map<string, number>();
    for (const p of pairs) labels.set(p.label, (labels.get(p.label) ?? 0) + 1);
    expect([...labels.keys()].sort()).toEqual(['related', 'same', 'unrelated']);
    for (const count of labels.values()) expect(count).toBeGreaterThanOrEqual(40);
    for (const p of pairs) {
      expect(p.a.title).toBeTruthy();
      expect(p.b.title).toBeTruthy();
      expect(p.source).toBeTruthy();
    }
  });

  it('uses no AMI test-set meeting', () => {
    expect(pairs.filter((p) => /(^|\s)ami\//.test(p.source))).toEqual([]);
  });
});
