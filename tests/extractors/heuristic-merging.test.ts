// The heuristic extractor's merging of restated tasks and its dependencies between tickets.
import { describe, expect, it } from 'vitest';
import { NOTES, owners, tickets } from './heuristic-support.ts';

describe('heuristic extractor: merging and dependencies', () => {
  it('merges follow-ups that restate one task for the same person, worded as the strongest statement', async () => {
    const found = await tickets(
      [
        ['s2', "I'll fix the Safari login bug."],
        ['s1', 'Great, thanks.'],
        ['s2', "So yes, I'll fix the login bug on Safari by Friday, it's urgent."],
        ['s1', 'Perfect.'],
        ['s2', "And I'll fix the Safari login bug with the new cookie settings."],
      ],
      { meetingDate: '2026-03-04' },
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      title: 'Fix the login bug on Safari',
      assignee: 'Grace Hopper',
      dueDate: '2026-03-06',
      priority: 'High',
      quote: "So yes, I'll fix the login bug on Safari by Friday, it's urgent.",
      notes: `${NOTES} Said 3 times in the meeting.`,
    });
  });

  it('keeps the earliest statement when a restatement is no stronger, and takes the due date from any of them', async () => {
    const found = await tickets(
      [
        ['s2', "I'll fix the Safari login bug before the next release."],
        ['s1', 'Great, thanks.'],
        ['s2', "Yes, I'll fix that login bug on Safari by Friday."],
      ],
      { meetingDate: '2026-03-04' },
    );
    expect(found.map((t) => [t.title, t.quote, t.dueDate, t.priority])).toEqual([
      ['Fix the Safari login bug before the next release', "I'll fix the Safari login bug before the next release.", '2026-03-06', 'Medium'],
    ]);
  });

  it('keeps the same words for different people apart', async () => {
    const found = await tickets([
      ['s2', "I'll fix the Safari login bug."],
      ['s3', "I'll fix the Safari login bug on the admin site."],
    ]);
    expect(owners(found)).toEqual([
      ['Fix the Safari login bug', 'Grace Hopper'],
      ['Fix the Safari login bug on the admin site', 'Alan Turing'],
    ]);
  });

  it('keeps different tasks of one person apart', async () => {
    const found = await tickets([
      ['s2', "I'll fix the Safari login bug."],
      ['s2', "I'll update the Safari release notes."],
      ['s2', "I'll update the API docs."],
      ['s2', "I'll update the API tests."],
    ]);
    expect(found.map((t) => t.title)).toEqual(['Fix the Safari login bug', 'Update the Safari release notes', 'Update the API docs', 'Update the API tests']);
  });

  it('merges a shorter restatement with the same verb', async () => {
    const found = await tickets([
      ['s2', "I'll send the deck to the investors."],
      ['s1', 'Thanks.'],
      ['s2', "Yes, I'll send the deck."],
    ]);
    expect(found.map((t) => [t.title, t.notes])).toEqual([['Send the deck to the investors', `${NOTES} Said 2 times in the meeting.`]]);
  });

  it("links 'once X is done' and 'after X' to the ticket X names", async () => {
    const found = await tickets([
      ['s3', 'We need to migrate the database to Postgres 18.'],
      ['s3', "Once the database migration is done, I'm going to update the backup scripts."],
      ['s2', "I'll announce the maintenance window after the backup scripts update."],
      ['s1', "I'll order pizza after lunch."],
    ]);
    expect(found.map((t) => [t.title, t.dependsOn])).toEqual([
      ['Migrate the database to Postgres 18', []],
      ['Update the backup scripts', ['Migrate the database to Postgres 18']],
      ['Announce the maintenance window', ['Update the backup scripts']],
      ['Order pizza after lunch', []],
    ]);
  });

  it('never links two tickets both ways', async () => {
    const found = await tickets([
      ['s3', "Once the API docs are done, I'll publish the client library."],
      ['s2', "I'll write the API docs after the client library is published."],
    ]);
    expect(found.map((t) => [t.title, t.dependsOn])).toEqual([
      ['Publish the client library', ['Write the API docs']],
      ['Write the API docs', []],
    ]);
  });
});
