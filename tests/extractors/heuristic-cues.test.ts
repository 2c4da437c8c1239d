// The heuristic extractor's cue families: what makes a line a task, its title and quote, and its context.
import { describe, expect, it } from 'vitest';
import { type Line, owners, tickets } from './heuristic-support.ts';

describe('heuristic extractor: cue families', () => {
  it.each<[string, Line, string, string | null]>([
    ["I'll", ['s2', "I'll send the invoice to the client."], 'Send the invoice to the client', 'Grace Hopper'],
    ['I will', ['s2', 'I will update the onboarding guide.'], 'Update the onboarding guide', 'Grace Hopper'],
    ["I'm going to", ['s3', "I'm going to rewrite the export script."], 'Rewrite the export script', 'Alan Turing'],
    ['let me', ['s1', 'Let me look into the billing issue.'], 'Look into the billing issue', 'Ada Lovelace'],
    ['can you', ['s1', 'Grace, can you review the pricing page copy?'], 'Review the pricing page copy', 'Grace Hopper'],
    ['could you', ['s1', 'Could you draft the release notes, Alan?'], 'Draft the release notes', 'Alan Turing'],
    ['please', ['s3', 'Please send me the error logs, Ada.'], 'Send me the error logs', 'Ada Lovelace'],
    ['we need to', ['s1', 'We need to renew the SSL certificate.'], 'Renew the SSL certificate', null],
    ['we should', ['s2', 'We should archive the old Jira projects.'], 'Archive the old Jira projects', null],
    ['someone has to', ['s1', 'Someone has to call the landlord about the heating.'], 'Call the landlord about the heating', null],
    ['action item', ['s1', 'Action item: Grace to book the venue for the offsite.'], 'Book the venue for the offsite', 'Grace Hopper'],
    ['TODO', ['s2', 'TODO: clean up the feature flags.'], 'Clean up the feature flags', null],
    ['X will', ['s1', 'Alan will set up the staging server.'], 'Set up the staging server', 'Alan Turing'],
    ['X is going to', ['s2', 'Ada is going to interview the two candidates.'], 'Interview the two candidates', 'Ada Lovelace'],
    ["let's have X", ['s1', "Let's have Grace draft the customer survey."], 'Draft the customer survey', 'Grace Hopper'],
  ])('%s', async (_, line, title, assignee) => {
    const found = await tickets([line]);
    expect(owners(found)).toEqual([[title, assignee]]);
    expect(found[0]!.quote).toBe(line[1]);
  });

  it('takes each person of an assignment list, with the verb carried over', async () => {
    const found = await tickets([['s1', 'For next week Grace will do the component costs, Alan the supplier list, and the delivery plan.']]);
    expect(owners(found)).toEqual([
      ['Do the component costs', 'Grace Hopper'],
      ['Do the supplier list, and the delivery plan', 'Alan Turing'],
    ]);
  });

  it('ignores talk in the room, opinions, negations and questions about the plan', async () => {
    expect(
      await tickets([
        ['s1', "Let me show you the slides. I'll just say one thing."],
        ['s2', 'I think we should be careful.'],
        ['s3', "We don't need to migrate the database this year."],
        ['s1', 'Do we need to rename the billing service?'],
        ['s2', 'Can you hear me?'],
        ['s3', "I'll do it."],
      ]),
    ).toEqual([]);
  });

  it('strips fillers from titles and keeps the quote verbatim', async () => {
    const [ticket] = await tickets([['s2', "Um, I'll, uh, you know, send the the board deck to the investors."]]);
    expect(ticket!.title).toBe('Send the board deck to the investors');
    expect(ticket!.quote).toBe("Um, I'll, uh, you know, send the the board deck to the investors.");
    expect(ticket!.description).toBe('Send the board deck to the investors. Grace Hopper offered to do it.');
  });

  it('cuts long titles to 80 characters at a word boundary', async () => {
    const [ticket] = await tickets([
      ['s3', "I'll write a migration guide covering the schema changes and the new indexes and the rollback steps for every regional database cluster."],
    ]);
    // Cut at 80 characters, then the dangling "and the" is dropped.
    expect(ticket!.title).toBe('Write a migration guide covering the schema changes and the new indexes');
    expect(ticket!.title.length).toBeLessThanOrEqual(80);
  });

  it('gives context from the neighbouring utterances', async () => {
    const [ticket] = await tickets([
      ['s1', 'The invoices are late again.'],
      ['s2', "I'll chase the accounting team about the invoices."],
      ['s3', 'Thanks.'],
    ]);
    expect(ticket!.context).toBe(
      "Ada Lovelace: The invoices are late again.\nGrace Hopper: I'll chase the accounting team about the invoices.\nAlan Turing: Thanks.",
    );
  });
});
