// The learned part of the offline extractor: which candidates become tickets, measured on labelled meetings
// (the hand-written ones in tests/fixtures/meetings, and the AMI training split when it is beside the checkout),
// the weights file (small, rebuilt byte for byte), the logistic regression itself, and the rules that stay rules:
// no meeting logistics, no declined or withdrawn requests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarise } from '../../bench/scoring.ts';
import { heuristicExtractor } from '../../plugins/extractors/heuristic/index.ts';
import { type LabelledMeeting, loadMeetings } from '../../plugins/extractors/heuristic/model/data.ts';
import { fit, probability } from '../../plugins/extractors/heuristic/model/logistic.ts';
import { DEFAULT_TRAIN_DIR, trainWeights } from '../../plugins/extractors/heuristic/model/train.ts';
import { WEIGHTS_URL, loadWeights } from '../../plugins/extractors/heuristic/model/weights.ts';
import { tickets } from './heuristic-support.ts';

const HAND_DIR = join(import.meta.dirname, '../fixtures/meetings');
const hasTrainingSplit = existsSync(join(DEFAULT_TRAIN_DIR, 'index.json'));

async function extractAll(meetings: readonly LabelledMeeting[]) {
  const scored = [];
  for (const meeting of meetings) {
    const { tickets: found } = await heuristicExtractor.extract({ transcript: meeting.transcript, chunk: { index: 0, count: 1 } }, {});
    scored.push({ id: meeting.id, participants: meeting.transcript.participants, tickets: found, gold: meeting.gold });
  }
  return scored;
}

describe('offline extractor: hand-written meetings', () => {
  const meetings = loadMeetings(HAND_DIR);

  it('finds the tasks of meetings with acceptances, restatements, pronoun objects and unnamed speakers (F1 ≥ 0.65)', async () => {
    const score = summarise(await extractAll(meetings), 0.35);
    expect(score.f1).toBeGreaterThanOrEqual(0.65);
    expect(score.precision).toBeGreaterThanOrEqual(0.8);
    expect(score.assigneeAccuracy).toBeGreaterThanOrEqual(0.8);
  });

  it('never gives a ticket to a placeholder speaker', async () => {
    for (const meeting of await extractAll(meetings)) {
      const people = new Set(meeting.participants.filter((p) => !/^(?:speaker|unknown)/i.test(p.name)).map((p) => p.name));
      for (const ticket of meeting.tickets) expect(ticket.assignee === null || people.has(ticket.assignee)).toBe(true);
    }
  });

  it('makes no ticket of meeting logistics or of a request turned down', async () => {
    const titles = (await extractAll(meetings)).flatMap((m) => m.tickets.map((t) => t.title));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/\b(?:screen|agenda|chat|bigger|banner)\b/i);
  });
});

describe('offline extractor: rules the data cannot teach', () => {
  it.each([
    ["Let me share my screen.", 'the screen'],
    ["Okay, I'll add that to the agenda.", 'the agenda'],
    ["I'll post the link in the chat.", 'the chat'],
    ["Let me change the name of the meeting.", 'the meeting name'],
    ["Can you go to the next slide?", 'the slides'],
  ])('makes no ticket of "%s" (%s)', async (line) => {
    expect(await tickets([['s1', line], ['s2', 'Sure.']])).toEqual([]);
  });

  it('makes no ticket of a request the one asked turns down', async () => {
    expect(await tickets([['s1', 'Grace, could you write two new versions of the banner text?'], ['s2', "I can't this week, I'm on the newsletter."]])).toEqual([]);
    expect(await tickets([['s1', 'Grace, could you write the banner text?'], ['s2', 'Sure, by Friday.']])).toHaveLength(1);
  });

  it('makes no ticket of a request its speaker takes back', async () => {
    expect(await tickets([['s1', 'Alan, can you book the meeting room for Thursday?'], ['s3', 'Hmm.'], ['s1', 'Actually, never mind.']])).toEqual([]);
  });
});

describe('offline extractor: the weights file', () => {
  it('is small, and loads with a threshold, an addressee model and named weights', () => {
    expect(readFileSync(WEIGHTS_URL).length).toBeLessThan(2 * 1024 * 1024);
    const weights = loadWeights();
    expect(weights.selection.threshold).toBeGreaterThan(0);
    expect(weights.selection.threshold).toBeLessThan(1);
    expect(Object.keys(weights.weights).length).toBeGreaterThan(50);
    expect(Object.keys(weights.addressee.weights)).toContain('next');
  });

  it('is rebuilt byte for byte from the same meetings', () => {
    const first = trainWeights(HAND_DIR);
    expect(trainWeights(HAND_DIR)).toBe(first);
    expect(first).toMatch(/^\{\n "about": /);
  });

  it.skipIf(!hasTrainingSplit)('is what npm run train:extractor makes of the AMI training split', () => {
    expect(trainWeights(DEFAULT_TRAIN_DIR)).toBe(readFileSync(WEIGHTS_URL, 'utf8'));
  }, 240_000);

  it.skipIf(!hasTrainingSplit)('keeps about as many tickets a meeting as the AMI training split has actions, assigned right', async () => {
    const score = summarise(await extractAll(loadMeetings(DEFAULT_TRAIN_DIR)), 0.35);
    expect(score.ticketsPerMeeting).toBeGreaterThan(1);
    expect(score.ticketsPerMeeting).toBeLessThan(4);
    // Seen in training, so above the cross-validated figure the benchmark prints (F1 0.31).
    expect(score.f1).toBeGreaterThanOrEqual(0.3);
    expect(score.assigneeAccuracy).toBeGreaterThanOrEqual(0.6);
  }, 60_000);
});

describe('offline extractor: the logistic regression', () => {
  const examples = [
    ...Array.from({ length: 20 }, (_, i) => ({ features: ['task', `noise:${i % 3}`], label: 1 as const })),
    ...Array.from({ length: 60 }, (_, i) => ({ features: ['chatter', `noise:${i % 3}`], label: 0 as const })),
    { features: ['task', 'once'], label: 0 as const },
  ];

  it('learns which features mark a task, and leaves out features seen once', () => {
    const model = fit(examples);
    expect(probability(model, ['task'])).toBeGreaterThan(0.8);
    expect(probability(model, ['chatter'])).toBeLessThan(0.1);
    expect(model.weights['once']).toBeUndefined();
  });

  it('gives the same weights for the same examples, and is pulled toward zero by its L2 penalty', () => {
    expect(fit(examples)).toEqual(fit(examples));
    const loose = fit(examples, { l2: 0.001, minCount: 2, steps: 400, rate: 0.5 });
    const tight = fit(examples, { l2: 1, minCount: 2, steps: 400, rate: 0.5 });
    expect(Math.abs(tight.weights['task']!)).toBeLessThan(Math.abs(loose.weights['task']!));
  });
});
