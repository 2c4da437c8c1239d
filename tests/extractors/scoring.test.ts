// The benchmark's scoring rules (eval/SCORING.md, bench/scoring.ts) on hand-made examples: normalisation, Dice
// with the one-edit rule, best of title and title plus first description sentence, greedy matching with its tie
// rules, assignee resolution and the micro-averaged summary.
import { describe, expect, it } from 'vitest';
import {
  type GoldParticipant,
  type ScoredMeeting,
  dice,
  dropAssigneePhrase,
  firstSentence,
  matchGreedy,
  normalise,
  resolveAssignee,
  stem,
  summarise,
  ticketSimilarity,
  withinOneEdit,
} from '../../bench/scoring.ts';

describe('normalisation', () => {
  it('drops a leading assignee phrase before a modal or a colon', () => {
    expect(dropAssigneePhrase('Marcus will fix the build')).toBe('fix the build');
    expect(dropAssigneePhrase('The industrial designer and the UI designer are going to build it')).toBe('build it');
    expect(dropAssigneePhrase('UI designer: draft the layout')).toBe('draft the layout');
    expect(dropAssigneePhrase("Ada'll send the deck")).toBe('send the deck');
  });

  it('keeps a clause that only looks like a subject', () => {
    expect(dropAssigneePhrase('Make sure the demo will run')).toBe('Make sure the demo will run');
    expect(dropAssigneePhrase('Check that it will scale')).toBe('Check that it will scale');
    expect(dropAssigneePhrase('Fix the build')).toBe('Fix the build');
    expect(dropAssigneePhrase('Prepare the slides Ada will present')).toBe('Prepare the slides Ada will present');
    expect(dropAssigneePhrase('All the team members will fill in the form')).toBe('fill in the form');
  });

  it('strips ing, ed, es, s only when at least four characters remain', () => {
    expect(['testing', 'designed', 'boxes', 'opinions', 'fixed', 'bus', 'going', 'questionnaires'].map(stem)).toEqual([
      'test',
      'design',
      'boxe',
      'opinion',
      'fixed',
      'bus',
      'going',
      'questionnair',
    ]);
  });

  it('lower-cases, splits on non-alphanumerics and drops short tokens, function words, fillers, modals and light verbs', () => {
    expect(normalise("The Marketing Expert will research consumers' opinions on instruction manuals.")).toEqual([
      'research',
      'consumer',
      'opinion',
      'instruction',
      'manual',
    ]);
    expect(normalise('Um, okay, yeah, we need to look at the working designs')).toEqual(['design']);
    expect(normalise('The team members will work together on a prototype for the next meeting')).toEqual(['prototype']);
    expect(normalise('Fix bug #42 in v2 of the e-mail API')).toEqual(['fix', 'bug', '42', 'v2', 'mail', 'api']);
    expect(normalise('Work on it')).toEqual([]);
  });
});

describe('similarity', () => {
  it('matches tokens of five or more characters one edit apart, shorter ones only exactly', () => {
    expect(withinOneEdit('colour', 'color')).toBe(true);
    expect(withinOneEdit('modelling', 'modeling')).toBe(true);
    expect(withinOneEdit('design', 'desigm')).toBe(true);
    expect(withinOneEdit('design', 'resign')).toBe(true);
    expect(withinOneEdit('design', 'redesign')).toBe(false);
    expect(dice(['questionnair'], ['questionnaire'])).toBe(1);
    expect(dice(['plan'], ['plans'])).toBe(0);
    expect(dice(['plan'], ['plan'])).toBe(1);
    // Four-letter token one edit away: no match.
    expect(dice(['card', 'report'], ['cart', 'report'])).toBe(0.5);
  });

  it('is token-set Dice, each token matched once', () => {
    expect(dice(['product', 'evaluation'], ['product', 'evaluation', 'keep', 'busy'])).toBeCloseTo(2 / 3, 10);
    expect(dice(['prototype', 'prototypes'], ['prototype'])).toBeCloseTo(2 / 3, 10);
    expect(dice([], [])).toBe(0);
    expect(dice(['a1'], [])).toBe(0);
  });

  it('scores a ticket by the better of its title and its title plus the first sentence of its description', () => {
    expect(firstSentence('Check the website. Then report back.')).toBe('Check the website.');
    expect(firstSentence('No full stop here')).toBe('No full stop here');
    expect(firstSentence('Version 2.5 of the site. Second.')).toBe('Version 2.5 of the site.');
    const gold = 'The team members will look at the corporate website.';
    // Title alone: {corporate, website} vs {corporate, website} = 1; with the description it would be lower.
    expect(ticketSimilarity({ title: 'Look at the corporate website', description: 'Also review the brand colours. Asked by Ada.' }, gold)).toBe(1);
    // "Check" is content: {check, corporate, website} → 0.8.
    expect(ticketSimilarity({ title: 'Check the corporate website', description: 'Check it.' }, gold)).toBeCloseTo(0.8, 10);
    // Title alone: {website} → 2/3; with the description: {website, corporate, brand} → 0.8.
    expect(ticketSimilarity({ title: 'Look at the website', description: 'The corporate brand one. Asked by Ada.' }, gold)).toBeCloseTo(0.8, 10);
  });
});

describe('greedy matching', () => {
  it('takes pairs at or above the threshold, best first, one-to-one', () => {
    expect(
      matchGreedy(
        [
          [0.9, 0.6],
          [0.7, 0.2],
        ],
        0.35,
      ),
    ).toEqual([{ ticket: 0, gold: 0, similarity: 0.9 }]);
    expect(matchGreedy([[0.35], [0.34]], 0.35)).toEqual([{ ticket: 0, gold: 0, similarity: 0.35 }]);
  });

  it('breaks ties by lower ticket index, then lower gold index', () => {
    expect(
      matchGreedy(
        [
          [0.5, 0.5],
          [0.5, 0.4],
        ],
        0.35,
      ),
    ).toEqual([
      { ticket: 0, gold: 0, similarity: 0.5 },
      { ticket: 1, gold: 1, similarity: 0.4 },
    ]);
    expect(
      matchGreedy(
        [
          [0.3, 0.6],
          [0.6, 0.6],
        ],
        0.35,
      ),
    ).toEqual([
      { ticket: 0, gold: 1, similarity: 0.6 },
      { ticket: 1, gold: 0, similarity: 0.6 },
    ]);
  });
});

describe('assignees and the summary', () => {
  const participants: GoldParticipant[] = [
    { id: 'A', name: 'Project Manager', role: 'PM' },
    { id: 'B', name: 'User Interface Designer', role: 'UI' },
    { id: 'C', name: 'Industrial Designer', role: 'ID' },
  ];

  it('resolves an assignee through names, speaker letters or role names', () => {
    expect(resolveAssignee('Industrial Designer', participants)).toBe('C');
    expect(resolveAssignee('industrial designer', participants)).toBe('C');
    expect(resolveAssignee('B', participants)).toBe('B');
    expect(resolveAssignee('PM', participants)).toBe('A');
    expect(resolveAssignee('Marcus', participants)).toBeNull();
    expect(resolveAssignee(null, participants)).toBeNull();
  });

  it('reports micro precision, recall, F1, assignee accuracy on gold that names people, and tickets per meeting', () => {
    const meetings: ScoredMeeting[] = [
      {
        id: 'm1',
        participants,
        tickets: [
          { title: 'Look at the working design', description: 'Look at the working design. Assigned.', assignee: 'Industrial Designer' },
          { title: 'Look at the corporate website', description: 'Look at it.', assignee: null },
          { title: 'Order pizza', description: 'Order pizza.', assignee: 'Project Manager' },
        ],
        gold: [
          { text: 'The Industrial Designer will work on the working design.', assignee_speakers: ['C'] },
          { text: 'The team members will look at the corporate website.', assignee_speakers: ['A', 'B', 'C'] },
        ],
      },
      {
        id: 'm2',
        participants,
        tickets: [{ title: 'Send instructions by email', description: 'Send them.', assignee: 'UI' }],
        gold: [
          { text: 'Their coaches will send specific instructions by email.', assignee_speakers: [] },
          { text: 'The project manager will finish the final report.', assignee_speakers: ['A'] },
        ],
      },
    ];
    const summary = summarise(meetings, 0.35);
    expect(summary.perMeeting.map((m) => m.matched)).toEqual([
      [
        { ticket: 0, gold: 0, similarity: 1 },
        { ticket: 1, gold: 1, similarity: 1 },
      ],
      // {send, instruction, email} vs {send, specific, instruction, email}: 6/7.
      [{ ticket: 0, gold: 0, similarity: 6 / 7 }],
    ]);
    expect(summary).toMatchObject({ tickets: 4, gold: 4, matched: 3, precision: 0.75, recall: 0.75, ticketsPerMeeting: 2 });
    expect(summary.f1).toBeCloseTo(0.75, 10);
    // Checked: the two m1 pairs (the external gold names no one); right: the Industrial Designer one only.
    expect(summary.assigneeChecked).toBe(2);
    expect(summary.assigneeAccuracy).toBe(0.5);
    expect(summarise(meetings, 0.9).matched).toBe(2);
    expect(summarise([], 0.35)).toMatchObject({ precision: 0, recall: 0, f1: 0, assigneeAccuracy: null, ticketsPerMeeting: 0 });
  });
});
