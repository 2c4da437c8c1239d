// The offline heuristic extractor as a whole: its contract, and output that validates against
// schemas/extraction.schema.json, with the notes, determinism and speed. Cue families, assignees, attributes and
// merging are tested in heuristic-*.test.ts.
import { describe, expect, it } from 'vitest';
import { createAjv, getValidator } from '../../core/schema/registry.ts';
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import type { Extraction, ExtractionRequest } from '../../plugins/sdk/index.ts';
import { type Line, NOTES, run, tickets, transcript } from './heuristic-support.ts';

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
      offline: true,
    });
  });

  it('estimates nothing and reports usage that spends no credits', async () => {
    const request: ExtractionRequest = { transcript: transcript([['s1', "I'll send the invoice to the client by Friday."]]), chunk: { index: 0, count: 1 } };
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
    // The rules word, assign and date every task; the shipped extractor keeps those its model finds likely.
    const result = await run(meeting, { meetingDate: '2026-03-04', title: 'Project Apollo weekly sync', rules: true });
    const shipped = await run(meeting, { meetingDate: '2026-03-04', title: 'Project Apollo weekly sync' });
    expect(shipped.tickets.length).toBeGreaterThanOrEqual(5);
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
    for (const tickets of [result.tickets, shipped.tickets]) {
      const valid = validate({ tickets });
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
    // Whatever the model keeps is worded, assigned and dated as the rules have it.
    const byTitle = new Map(result.tickets.map((t) => [t.title, t]));
    for (const ticket of shipped.tickets) expect(ticket).toEqual(byTitle.get(ticket.title));
    const contents = transcript(meeting).messages.map((m) => m.content);
    for (const ticket of [...result.tickets, ...shipped.tickets]) {
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

  // Its time is printed by bench/extraction-quality.ts.
  it('reads a 10,000-message transcript whole', async () => {
    const lines: Line[] = [];
    for (let i = 0; i < 10_000; i++) {
      const speaker = (['s1', 's2', 's3'] as const)[i % 3]!;
      lines.push([speaker, i % 10 === 0 ? `I'll update section ${i} of the handbook by Friday.` : `Um, so the number ${i} looks, you know, about right to me I think.`]);
    }
    const result = await run(lines, { meetingDate: '2026-03-04' });
    expect(result.tickets.length).toBeGreaterThan(0);
    // Tasks from the end of the meeting too, not only its start.
    expect(result.tickets.some((ticket) => /section 9\d{3}/.test(`${ticket.title} ${ticket.description}`))).toBe(true);
  });
});
