// Who a task falls to in the heuristic extractor: the speaker, the person named or addressed, a role, the next
// speaker who agrees, or nobody; never an invented name.
import { describe, expect, it } from 'vitest';
import type { Participant } from '../../plugins/sdk/index.ts';
import { owners, PEOPLE, tickets } from './heuristic-support.ts';

describe('heuristic extractor: assignees', () => {
  it('gives a first-person commitment to the speaker', async () => {
    expect(owners(await tickets([['s3', "I'll rotate the database credentials."]]))).toEqual([['Rotate the database credentials', 'Alan Turing']]);
  });

  it('gives a request to the person it names', async () => {
    expect(owners(await tickets([['s2', 'Alan, can you rotate the database credentials?'], ['s1', 'Hmm.']]))).toEqual([
      ['Rotate the database credentials', 'Alan Turing'],
    ]);
  });

  it('gives a request to the person named just before it', async () => {
    expect(owners(await tickets([['s2', 'Ada. Could you update the holiday calendar?']]))).toEqual([['Update the holiday calendar', 'Ada Lovelace']]);
  });

  it('finds the person by their role when the transcript gives one', async () => {
    expect(owners(await tickets([['s1', 'The backend lead will profile the search endpoint.']]))).toEqual([
      ['Profile the search endpoint', 'Alan Turing'],
    ]);
  });

  it('gives an unnamed request to the next speaker when they agree', async () => {
    for (const reply of ['Yes, no problem.', 'Sure.', 'Okay, will do.']) {
      expect(owners(await tickets([['s1', 'Can you renew the domain name?'], ['s3', reply]]))).toEqual([['Renew the domain name', 'Alan Turing']]);
    }
  });

  // Whom an unnamed "can you…" was said to is learned from the AMI meetings (model/addressee.ts): there the next
  // to speak was the one asked more often than not, agreeing or not, and a role named nearby tells more.
  it('gives an unnamed request to the one it was most likely said to, never the speaker', async () => {
    expect(owners(await tickets([['s1', 'Can you renew the domain name?'], ['s3', 'Which one do you mean?']]))).toEqual([
      ['Renew the domain name', 'Alan Turing'],
    ]);
    expect(owners(await tickets([['s1', 'Can you renew the domain name?'], ['s1', 'It expires soon.']]))).not.toContainEqual([
      'Renew the domain name',
      'Ada Lovelace',
    ]);
  });

  it('gives an unnamed request to the person whose role is named in it rather than to the next speaker', async () => {
    expect(owners(await tickets([['s1', 'Can you migrate the backend queue to the new cluster?'], ['s2', 'Hmm.']]))).toEqual([
      ['Migrate the backend queue to the new cluster', 'Alan Turing'],
    ]);
  });

  it("leaves 'we' unassigned when no one is named", async () => {
    expect(owners(await tickets([['s1', 'We need to renew the domain name.'], ['s2', 'Yes.']]))).toEqual([['Renew the domain name', null]]);
  });

  it('never invents a name: people who are not participants, and unknown speakers, give no assignee', async () => {
    const found = await tickets([
      ['s1', 'Bob, can you renew the domain name?'],
      ['s2', 'Hmm.'],
      ['x9', "I'll order the new laptops."],
      ['s1', 'Marcus will fix the printer driver.'],
    ]);
    expect(owners(found)).toEqual([
      ['Renew the domain name', null],
      ['Order the new laptops', null],
    ]);
    const names = new Set(PEOPLE.map((p) => p.name));
    for (const ticket of found) expect(ticket.assignee === null || names.has(ticket.assignee)).toBe(true);
  });

  it('matches a one-word name only as written, so "will" is not Will', async () => {
    const people: Participant[] = [
      { id: 'w', name: 'Will' },
      { id: 'k', name: 'Kim' },
    ];
    const found = await tickets([['k', 'The vendor will send the contract.'], ['k', 'Will, can you sign the contract?'], ['w', 'Hmm.']], {
      participants: people,
      pad: false,
    });
    expect(owners(found)).toEqual([['Sign the contract', 'Will']]);
  });
});
