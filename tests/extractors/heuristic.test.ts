// The offline heuristic extractor: every cue family, who a task falls to (never an invented name), due dates with
// and without a meeting date, priority, effort and tag cues, merging of restated tasks, dependencies, the notes,
// determinism, speed, and output that validates against schemas/extraction.schema.json.
import { describe, expect, it } from 'vitest';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import type { ExtractedTicket, Extraction, ExtractionRequest, ParsedTranscript, Participant } from '../../plugins/sdk/index.ts';

const PEOPLE: Participant[] = [
  { id: 's1', name: 'Ada Lovelace' },
  { id: 's2', name: 'Grace Hopper' },
  { id: 's3', name: 'Alan Turing', role: 'Backend lead' },
];
const NOTES = 'Suggested by the offline extractor; review before pushing.';

type Line = [speaker: string, text: string];

/** Small talk around the lines under test, so they sit mid-meeting (not in the wrap-up). */
const PAD: Line[] = [
  ['s1', 'Morning everyone.'],
  ['s2', 'Morning.'],
  ['s3', 'Hi.'],
];
const TAIL: Line[] = [
  ['s2', 'Right.'],
  ['s3', 'Yep.'],
  ['s1', 'Anything else on this?'],
  ['s2', 'No.'],
  ['s3', 'No.'],
  ['s1', 'Fine.'],
  ['s2', 'Good.'],
  ['s3', 'Okay.'],
  ['s1', 'Thanks.'],
];

function transcript(lines: Line[], options: { title?: string; participants?: Participant[]; pad?: boolean } = {}): ParsedTranscript {
  const all = options.pad === false ? lines : [...PAD, ...lines, ...TAIL];
  return {
    title: options.title ?? 'Weekly sync',
    source: 'test',
    participants: options.participants ?? PEOPLE,
    messages: all.map(([speaker, content], i) => ({ id: `m${i + 1}`, content, timestamp: i * 7, speaker: { id: speaker } })),
  };
}

async function run(lines: Line[], options: { meetingDate?: string; title?: string; participants?: Participant[]; pad?: boolean } = {}) {
  const request: ExtractionRequest = {
    transcript: transcript(lines, options),
    chunk: { index: 0, count: 1 },
    ...(options.meetingDate ? { meetingDate: options.meetingDate } : {}),
  };
  return heuristicExtractor.extract(request, {});
}

async function tickets(lines: Line[], options: Parameters<typeof run>[1] = {}): Promise<ExtractedTicket[]> {
  return (await run(lines, options)).tickets;
}

/** title → assignee, for compact assertions. */
const owners = (list: ExtractedTicket[]) => list.map((t) => [t.title, t.assignee]);

const validate = getValidator<Extraction>(createAjv(), 'extraction.schema.json');

describe('heuristic extractor: contract', () => {
  it('declares itself as the offline extractor', () => {
    expect(heuristicExtractor.manifest).toEqual({
      apiVersion: 1,
      id: 'heuristic',
      kind: 'extractor',
      name: 'Offline heuristic extractor',
      version: '1.0.0',
      description: expect.stringMatching(/offline/i),
    });
  });

  it('estimates nothing and reports usage that spends no credits', async () => {
    const request: ExtractionRequest = { transcript: transcript([['s1', "I'll send the invoice to the client."]]), chunk: { index: 0, count: 1 } };
    expect(heuristicExtractor.estimate(request)).toEqual({ inputTokens: 0, outputTokens: 0 });
    const result = await heuristicExtractor.extract(request, {});
    expect(result.usage).toEqual({ provider: 'heuristic', model: 'heuristic-v1', inputTokens: 0, outputTokens: 0, calls: 0 });
    expect(result.tickets).toHaveLength(1);
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const request: ExtractionRequest = { transcript: transcript([['s1', "I'll send the invoice to the client."]]), chunk: { index: 0, count: 1 } };
    await expect(heuristicExtractor.extract(request, { signal: controller.signal })).rejects.toThrow('stopped');
  });

  it('finds nothing in small talk', async () => {
    expect(await tickets([['s1', 'How was the weekend?'], ['s2', 'Great, we went hiking.'], ['s3', 'Nice, the weather was lovely.']])).toEqual([]);
  });
});

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

  it('leaves an unnamed request unassigned when the next speaker does not agree', async () => {
    expect(owners(await tickets([['s1', 'Can you renew the domain name?'], ['s3', 'Which one do you mean?']]))).toEqual([
      ['Renew the domain name', null],
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

describe('heuristic extractor: due dates', () => {
  // 2026-03-04 is a Wednesday.
  it.each<[string, string]>([
    ["I'll send the report by Friday.", '2026-03-06'],
    ["I'll send the report next week.", '2026-03-11'],
    ["I'll send the report tomorrow.", '2026-03-05'],
    ["I'll send the report by the end of the month.", '2026-03-31'],
    ["I'll send the report by the end of the week.", '2026-03-06'],
    ["I'll send the report on April 3rd.", '2026-04-03'],
    ["I'll send the report on 2026-04-01.", '2026-04-01'],
  ])('resolves "%s" against the meeting date', async (text, date) => {
    const [ticket] = await tickets([['s2', text]], { meetingDate: '2026-03-04' });
    expect(ticket!.dueDate).toBe(date);
    expect(ticket!.title).toBe('Send the report');
  });

  it('accepts a meeting date-time and resolves against its calendar day', async () => {
    const [ticket] = await tickets([['s2', "I'll send the report tomorrow."]], { meetingDate: '2026-03-04T23:30:00-08:00' });
    expect(ticket!.dueDate).toBe('2026-03-05');
  });

  it('keeps only absolute dates without a meeting date', async () => {
    const found = await tickets([
      ['s2', "I'll send the report by Friday."],
      ['s3', "I'll renew the certificate on 2026-04-01."],
      ['s1', "I'll book the venue by March 20."],
    ]);
    expect(found.map((t) => [t.title, t.dueDate])).toEqual([
      ['Send the report by Friday', null],
      ['Renew the certificate', '2026-04-01'],
      ['Book the venue by March 20', null],
    ]);
  });

  it('does not take times of day, "now" or past dates for due dates', async () => {
    const found = await tickets(
      [
        ['s2', "I'll send the report in ten minutes."],
        ['s3', "I'll fix the failing import now."],
        ['s1', "I'll refund the order from yesterday."],
      ],
      { meetingDate: '2026-03-04' },
    );
    expect(found.map((t) => t.dueDate)).toEqual([null, null, null]);
  });
});

describe('heuristic extractor: priority, effort, tags, project', () => {
  it.each<[string, ExtractedTicket['priority']]>([
    ["I'll fix the checkout crash, it's urgent.", 'High'],
    ["I'll fix the checkout crash asap.", 'High'],
    ["I'll fix the checkout crash, it's critical.", 'High'],
    ["I'll fix the checkout crash, it's a blocker for the release.", 'High'],
    ["I'll fix the checkout crash, high priority.", 'High'],
    ["Can you fix the checkout crash when you get a chance?", 'Low'],
    ["I'll fix the checkout crash, nice to have.", 'Low'],
    ["I'll fix the checkout crash, low priority.", 'Low'],
    ["I'll fix the checkout crash, it's not urgent.", 'Low'],
    ["I'll fix the checkout crash.", 'Medium'],
  ])('"%s" → %s', async (text, priority) => {
    const [ticket] = await tickets([['s2', text]]);
    expect(ticket!.priority).toBe(priority);
    expect(ticket!.title).toBe('Fix the checkout crash');
  });

  it('reads effort only where it is clear', async () => {
    const found = await tickets([
      ['s2', "I'll write a quick script to export the metrics."],
      ['s3', "I'll rewrite the billing module from scratch."],
      ['s1', "I'll migrate the wiki, it should take a few days."],
      ['s2', "I'll update the release checklist."],
    ]);
    expect(found.map((t) => t.effort)).toEqual(['Small', 'Large', 'Medium', null]);
  });

  it('tags from the keyword list, only when present', async () => {
    const found = await tickets([
      ['s2', "I'll fix the login bug in the API."],
      ['s3', "I'll write the documentation for the new dashboard design."],
      ['s1', "I'll book the train tickets."],
    ]);
    expect(found.map((t) => t.tags)).toEqual([['bug', 'backend'], ['design', 'docs'], []]);
  });

  it('names the project only when the title or text names one clearly', async () => {
    const line: Line = ['s2', "I'll update the release checklist."];
    expect((await tickets([line], { title: 'Project Apollo weekly sync' }))[0]!.project).toBe('Apollo');
    expect((await tickets([line], { title: 'Weekly sync' }))[0]!.project).toBeNull();
    const text = await tickets([['s1', 'The Hermes project is on track.'], ['s3', 'Good, the Hermes project needs it.'], line]);
    expect(text[0]!.project).toBe('Hermes');
  });
});

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

describe('heuristic extractor: output', () => {
  const meeting: Line[] = [
    ['s1', "Okay, let's start. Um, first the login bug on Safari."],
    ['s2', "Yeah, I'll fix the Safari login bug by Friday, it's a blocker for the release."],
    ['s1', 'Great. Alan, can you review the pricing page copy before next week?'],
    ['s3', 'Sure.'],
    ['s1', 'Could you update the API docs when you get a chance?'],
    ['s2', 'Yes, I can do that.'],
    ['s3', 'We need to migrate the database to Postgres 18 by the end of the month.'],
    ['s1', 'Action item: Grace to write the release notes.'],
    ['s2', 'TODO: clean up the feature flags.'],
    ['s3', "Once the database migration is done, I'm going to update the backup scripts."],
    ['s1', 'Someone has to, you know, uh, check the invoices from the hosting provider, urgent.'],
    ['s2', 'Alan will set up the staging server tomorrow.'],
    ['s1', "Let's have Grace draft the customer survey, nice to have though."],
  ];

  it('validates against schemas/extraction.schema.json, with the notes on every ticket', async () => {
    const result = await run(meeting, { meetingDate: '2026-03-04', title: 'Project Apollo weekly sync' });
    expect(result.tickets.map((t) => [t.title, t.assignee, t.dueDate, t.priority])).toEqual([
      ['Fix the Safari login bug', 'Grace Hopper', '2026-03-06', 'High'],
      ['Review the pricing page copy', 'Alan Turing', '2026-03-11', 'Medium'],
      ['Update the API docs', 'Grace Hopper', null, 'Low'],
      ['Migrate the database to Postgres 18', null, '2026-03-31', 'Medium'],
      ['Write the release notes', 'Grace Hopper', null, 'Medium'],
      ['Clean up the feature flags', null, null, 'Medium'],
      ['Update the backup scripts', 'Alan Turing', null, 'Medium'],
      ['Check the invoices from the hosting provider', null, null, 'High'],
      ['Set up the staging server', 'Alan Turing', '2026-03-05', 'Medium'],
      ['Draft the customer survey', 'Grace Hopper', null, 'Low'],
    ]);
    const valid = validate({ tickets: result.tickets });
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const contents = transcript(meeting).messages.map((m) => m.content);
    for (const ticket of result.tickets) {
      expect(ticket.notes?.startsWith(NOTES)).toBe(true);
      expect(ticket.title.length).toBeLessThanOrEqual(80);
      expect(ticket.title).toMatch(/^\p{Lu}/u);
      expect(contents.some((c) => c.includes(ticket.quote))).toBe(true);
      expect(ticket.project).toBe('Apollo');
      expect(ticket.implementation).toBeNull();
    }
  });

  it('is deterministic: the same request gives the same answer, whatever the time zone', async () => {
    const first = await run(meeting, { meetingDate: '2026-03-04' });
    const second = await run(meeting, { meetingDate: '2026-03-04' });
    expect(second).toEqual(first);
    const zone = process.env['TZ'];
    try {
      process.env['TZ'] = 'Pacific/Kiritimati';
      expect(await run(meeting, { meetingDate: '2026-03-04' })).toEqual(first);
      process.env['TZ'] = 'America/Adak';
      expect(await run(meeting, { meetingDate: '2026-03-04' })).toEqual(first);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('reads a 10,000-message transcript in well under a second', async () => {
    const lines: Line[] = [];
    for (let i = 0; i < 10_000; i++) {
      const speaker = (['s1', 's2', 's3'] as const)[i % 3]!;
      lines.push([speaker, i % 10 === 0 ? `I'll update section ${i} of the handbook by Friday.` : `Um, so the number ${i} looks, you know, about right to me I think.`]);
    }
    const started = performance.now();
    const result = await run(lines, { meetingDate: '2026-03-04' });
    const elapsed = performance.now() - started;
    expect(result.tickets.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(1000);
  });
});
