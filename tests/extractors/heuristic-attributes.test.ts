// The heuristic extractor's ticket attributes: due dates with and without a meeting date, priority, effort, tags
// and project.
import { describe, expect, it } from 'vitest';
import type { ExtractedTicket } from '../../plugins/sdk/index.ts';
import { type Line, tickets } from './heuristic-support.ts';

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
