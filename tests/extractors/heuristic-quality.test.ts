// The heuristic extractor on what a user probe found: placeholder speakers and people addressed by name,
// restatements of one task, priority and due dates said just after a task, and titles that stand on their own.
import { describe, expect, it } from 'vitest';
import type { Participant } from '../../plugins/sdk/index.ts';
import { type Line, owners, tickets } from './heuristic-support.ts';

/** A diarised meeting: no one is known by name. */
const DIARISED: Participant[] = [
  { id: 'a', name: 'Speaker 1' },
  { id: 'b', name: 'SPEAKER_00' },
  { id: 'c', name: 'Unknown' },
];
// 2026-03-04 is a Wednesday.
const MEETING = { meetingDate: '2026-03-04' };

describe('heuristic extractor: placeholder speakers and people addressed by name', () => {
  it.each(['a', 'b', 'c'])('never gives a task to the placeholder speaker %s', async (speaker) => {
    const found = await tickets([[speaker, "I'll send the catalog to the printer."]], { participants: DIARISED });
    expect(owners(found)).toEqual([['Send the catalog to the printer', null]]);
  });

  it('never gives a request to a placeholder who agrees to it', async () => {
    const found = await tickets([['a', 'Can you renew the domain name?'], ['b', 'Sure.']], { participants: DIARISED });
    expect(owners(found)).toEqual([['Renew the domain name', null]]);
  });

  it.each<[string, Line[], string]>([
    ['before the request', [['a', 'Nina, could you send the catalog?'], ['b', "Sure, I'll do it."]], 'Send the catalog'],
    ['after the request', [['a', 'Could you send the catalog, Nina?'], ['b', 'Yes.']], 'Send the catalog'],
    ['before an instruction', [['a', 'Nina, send the catalog to the printer.'], ['b', 'Okay.']], 'Send the catalog to the printer'],
    ['in the sentence before', [['c', 'Nina. Can you send the catalog?'], ['a', 'Okay.']], 'Send the catalog'],
  ])('gives a request to the name it is addressed to (%s) when the speakers are placeholders', async (_, lines, title) => {
    expect(owners(await tickets(lines, { participants: DIARISED }))).toEqual([[title, 'Nina']]);
  });

  it.each<[string, string]>([
    ["Grace, I'll need you to send the catalog.", 'Send the catalog'],
    ["Grace, I'm going to need you to send the catalog.", 'Send the catalog'],
    ["Grace, if you could send the catalog, that'd be great.", 'Send the catalog'],
    ['Grace, would you mind sending the catalog?', 'Send the catalog'],
    ['Grace, when you get a chance, send the catalog.', 'Send the catalog'],
    ['Grace, the catalog. Can you send it to the printer?', 'Send the catalog to the printer'],
  ])('gives "%s" to the person addressed, not the speaker', async (text, title) => {
    expect(owners(await tickets([['s1', text], ['s3', 'Hmm.']]))).toEqual([[title, 'Grace Hopper']]);
  });
});

describe('heuristic extractor: restatements', () => {
  it('merges a restatement that points back to the task with a pronoun, keeping its due date', async () => {
    const found = await tickets([['s1', "I'll send the catalog."], ['s2', 'Great.'], ['s1', "I'll send it by Monday."]], MEETING);
    expect(found.map((t) => [t.title, t.assignee, t.dueDate])).toEqual([['Send the catalog', 'Ada Lovelace', '2026-03-09']]);
  });

  it('merges a restatement by the team into the task someone took on', async () => {
    const found = await tickets([['s1', "I'll send the catalog."], ['s3', 'Okay.'], ['s2', 'We need to send the catalog by Monday.']], MEETING);
    expect(found.map((t) => [t.title, t.assignee, t.dueDate])).toEqual([['Send the catalog', 'Ada Lovelace', '2026-03-09']]);
  });

  it('merges a restatement with a light verb', async () => {
    const found = await tickets([['s1', "I'll send the catalog."], ['s2', 'Great, by when?'], ['s1', "I'll get the catalog sent out by Monday."]], MEETING);
    expect(found.map((t) => [t.assignee, t.dueDate])).toEqual([['Ada Lovelace', '2026-03-09']]);
  });

  it('merges "I\'ll do that" into the task it takes on, with the volunteer as the assignee', async () => {
    const found = await tickets([['s1', 'We need to book the venue for the offsite.'], ['s2', "I'll do that by Friday."]], MEETING);
    expect(found.map((t) => [t.title, t.assignee, t.dueDate])).toEqual([['Book the venue for the offsite', 'Grace Hopper', '2026-03-06']]);
  });
});

describe('heuristic extractor: priority and due date said just after the task', () => {
  it.each<[string, Line[], string, string | null]>([
    ['the next sentence', [['s1', "I'll fix the checkout crash by Friday. It's high priority."]], 'High', '2026-03-06'],
    ['the next turn', [['s1', "I'll fix the checkout crash."], ['s2', 'Good, that one is urgent.']], 'High', null],
    ['a sentence that says it can wait', [['s2', 'Can you send the error logs, Ada? No rush.']], 'Low', null],
  ])('reads the priority from %s', async (_, lines, priority, dueDate) => {
    const found = await tickets(lines, MEETING);
    expect(found.map((t) => [t.priority, t.dueDate])).toEqual([[priority, dueDate]]);
  });

  it.each<[string, Line[], string]>([
    ['the answer to "When by?"', [['s2', 'Alan, can you renew the certificate?'], ['s3', 'Sure. When by?'], ['s2', 'Thursday.']], 'Alan Turing'],
    ['the answer to "When by?" from the one who took it', [['s2', "I'll renew the certificate."], ['s1', 'When by?'], ['s2', 'Thursday.']], 'Grace Hopper'],
    ['the next sentence', [['s2', "I'll renew the certificate. Ideally before Thursday."]], 'Grace Hopper'],
    ['a deadline in the next turn', [['s2', "I'll renew the certificate."], ['s1', 'Good, by Thursday please.']], 'Grace Hopper'],
  ])('reads the due date from %s', async (_, lines, assignee) => {
    const found = await tickets(lines, MEETING);
    expect(found.map((t) => [t.title, t.assignee, t.dueDate])).toEqual([['Renew the certificate', assignee, '2026-03-05']]);
  });

  it('does not take a date from a later turn about something else', async () => {
    const found = await tickets([['s2', "I'll renew the certificate."], ['s1', 'By the way, I am out of the office on Thursday and Friday this week.']], MEETING);
    expect(found.map((t) => [t.title, t.dueDate])).toEqual([['Renew the certificate', null]]);
  });
});

/** Commitments with a trailing clause, and the title each should have. */
const TRAILING: Record<string, string> = {
  "I'll send the report, then I can start on the budget.": 'Send the report',
  "I'll update the dashboard so we can track signups.": 'Update the dashboard',
  "I'll clean up the survey data in order to run the model.": 'Clean up the survey data',
  "I'll order the new laptops, that'd help the interns.": 'Order the new laptops',
};

describe('heuristic extractor: titles that stand on their own', () => {
  it.each(Object.entries(TRAILING))('cuts the trailing clause of "%s"', async (text, title) => {
    expect((await tickets([['s2', text]])).map((t) => t.title)).toEqual([title]);
  });

  it.each<[string, Line[], string, string]>([
    ['it', [['s1', 'The onboarding guide is out of date.'], ['s2', "I'll update it."]], 'Update the onboarding guide', 'Grace Hopper'],
    ['it, in a request', [['s1', 'We have a new pricing sheet.'], ['s1', 'Grace, can you send it to the sales team?']], 'Send the new pricing sheet to the sales team', 'Grace Hopper'],
    ['them', [['s3', 'The staging certificates expire soon.'], ['s2', "I'll renew them."]], 'Renew the staging certificates', 'Grace Hopper'],
    ['that', [['s1', 'The billing export keeps failing.'], ['s3', "I'll look into that."]], 'Look into the billing export', 'Alan Turing'],
  ])('resolves "%s" to the noun the sentence before names', async (_, lines, title, assignee) => {
    expect(owners(await tickets(lines))).toEqual([[title, assignee]]);
  });

  it('writes "to you" as the name of the person addressed', async () => {
    const found = await tickets([['s1', "Grace, I'll send the catalog to you tomorrow."]], MEETING);
    expect(owners(found)).toEqual([['Send the catalog to Grace Hopper', 'Ada Lovelace']]);
  });

  it('makes "I\'ll do that" the task it answers', async () => {
    expect(owners(await tickets([['s1', 'Can someone book the venue for the offsite?'], ['s2', "I'll do that."]]))).toEqual([
      ['Book the venue for the offsite', 'Grace Hopper'],
    ]);
  });

  it('finds no task where nothing says what "it" or "that" is', async () => {
    expect(await tickets([['s1', 'Thanks for waiting.'], ['s2', "I'll do that."], ['s3', "I'll send it to you tomorrow."]], MEETING)).toEqual([]);
  });
});
