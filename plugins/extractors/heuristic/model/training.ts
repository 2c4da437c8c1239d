/**
 * Training and honest measurement of the offline extractor's model. A candidate is labelled a task when the
 * ticket the rules would make of it alone matches a gold item of its meeting as the scorer matches them
 * (similarity ≥ 0.35, bench/scoring.ts). The L2 penalty, the probability threshold and the tickets-per-meeting
 * limit are chosen by k-fold cross-validation over meetings (never over candidates: restatements of one task
 * would leak across folds), maximising F1 of the whole pipeline's tickets.
 */
import { type ScoredMeeting, summarise, ticketSimilarity } from '../../../../bench/scoring.ts';
import type { ExtractionRequest } from '../../../sdk/index.ts';
import { buildTickets } from '../tickets.ts';
import type { LabelledMeeting } from './data.ts';
import { type Example, FIT_DEFAULTS, type LogisticModel, fit, probability } from './logistic.ts';
import { addresseeChoices, addresseeFeatures } from './addressee.ts';
import { type Prepared, type Selection, prepare, select } from './pipeline.ts';

export const MATCH_THRESHOLD = 0.35;
export const FOLDS = 5;
export const L2_GRID = [0.01, 0.03, 0.1];
export const THRESHOLD_GRID = [0.02, 0.04, 0.06, 0.08, ...Array.from({ length: 13 }, (_, i) => Math.round((0.1 + i * 0.05) * 100) / 100)];
export const MAX_TICKETS_GRID: (number | null)[] = [null];
/** Rule scores from which a candidate the rules have no doubt about is kept whatever the model says; null: never. */
export const RULE_FLOOR_GRID: (number | null)[] = [null, 5.5, 5, 4.5];
/** The fewest tickets a meeting with a candidate the rules are sure of gets. */
export const MIN_TICKETS_GRID = [0, 1];

export interface PreparedMeeting {
  meeting: LabelledMeeting;
  prepared: Prepared;
  labels: (0 | 1)[];
  /** Per candidate, the gold item it matches best (at the scorer's threshold), or -1. */
  golds: number[];
}

export function requestOf(meeting: LabelledMeeting): ExtractionRequest {
  return { transcript: meeting.transcript, chunk: { index: 0, count: 1 } };
}

export function prepareMeeting(meeting: LabelledMeeting): PreparedMeeting {
  const prepared = prepare(requestOf(meeting));
  const alone = buildTickets(prepared.request, prepared.candidates.map((c) => ({ lead: c, members: [c] })), null);
  const golds = alone.map((ticket) => {
    let best = -1;
    let bestSimilarity = MATCH_THRESHOLD;
    meeting.gold.forEach((g, i) => {
      const similarity = ticketSimilarity(ticket, g.text);
      if (similarity >= bestSimilarity && (best === -1 || similarity > bestSimilarity)) [best, bestSimilarity] = [i, similarity];
    });
    return best;
  });
  return { meeting, prepared, labels: golds.map((g) => (g === -1 ? 0 : 1)), golds };
}

export function examplesOf(meetings: readonly PreparedMeeting[]): Example[] {
  return meetings.flatMap((m) => m.prepared.features.map((features, k) => ({ features, label: m.labels[k]! })));
}

/**
 * Addressee examples: each task that names no one and whose gold item names some (not all) of the meeting's
 * people, once per person it could have been said to, labelled by whether the gold names them.
 */
export function addresseeExamplesOf(meetings: readonly PreparedMeeting[]): Example[] {
  const examples: Example[] = [];
  for (const m of meetings) {
    const { request, roster, candidates } = m.prepared;
    candidates.forEach((candidate, k) => {
      const gold = m.meeting.gold[m.golds[k]!];
      if (!gold || !candidate.unaddressed || !gold.assignee_speakers.length) return;
      const choices = addresseeChoices(request, candidate, (p) => roster.isPerson(p));
      if (choices.every((p) => gold.assignee_speakers.includes(p.id))) return;
      for (const person of choices) {
        examples.push({ features: addresseeFeatures(request, candidate, person), label: gold.assignee_speakers.includes(person.id) ? 1 : 0 });
      }
    });
  }
  return examples;
}

/** Few features, all of them common: no minimum count, a light penalty. */
export const ADDRESSEE_FIT = { ...FIT_DEFAULTS, l2: 0.01, minCount: 1 };

export function scored(meeting: PreparedMeeting, probabilities: readonly number[], selection: Selection, addressee: LogisticModel | null): ScoredMeeting {
  return {
    id: meeting.meeting.id,
    participants: meeting.meeting.transcript.participants,
    tickets: select(meeting.prepared, probabilities, selection, addressee),
    gold: meeting.meeting.gold,
  };
}

/** Meeting i is in fold i mod k: stable, and spreads each AMI series over the folds. */
export function foldsOf<T>(items: readonly T[], k: number): { train: T[]; test: T[] }[] {
  return Array.from({ length: k }, (_, f) => ({
    train: items.filter((_, i) => i % k !== f),
    test: items.filter((_, i) => i % k === f),
  }));
}

/** Out-of-fold probabilities of every candidate of every meeting, each from a model that never saw its meeting. */
export function outOfFold(meetings: readonly PreparedMeeting[], l2: number, k: number): number[][] {
  const result = new Map<PreparedMeeting, number[]>();
  for (const { train, test } of foldsOf(meetings, k)) {
    const model = fit(examplesOf(train), { ...FIT_DEFAULTS, l2 });
    for (const m of test) result.set(m, m.prepared.features.map((f) => probability(model, f)));
  }
  return meetings.map((m) => result.get(m)!);
}

export interface Tuned {
  model: LogisticModel;
  addressee: LogisticModel;
  l2: number;
  selection: Selection;
  /** Cross-validated F1 at the chosen settings: tuned against, so not a result to report. */
  tuningF1: number;
}

/** Chooses the L2 penalty and the selection by k-fold cross-validation, then fits on all the meetings. */
export function fitTuned(meetings: readonly PreparedMeeting[], k = FOLDS): Tuned {
  const addressee = fit(addresseeExamplesOf(meetings), ADDRESSEE_FIT);
  let best: { l2: number; selection: Selection; f1: number } | null = null;
  for (const l2 of L2_GRID) {
    const probabilities = outOfFold(meetings, l2, k);
    for (const threshold of THRESHOLD_GRID) {
      const combinations = MAX_TICKETS_GRID.flatMap((maxTickets) =>
        RULE_FLOOR_GRID.flatMap((ruleFloor) => MIN_TICKETS_GRID.map((minTickets) => ({ threshold, maxTickets, ruleFloor, minTickets }))),
      );
      for (const selection of combinations) {
        const f1 = summarise(meetings.map((m, i) => scored(m, probabilities[i]!, selection, addressee)), MATCH_THRESHOLD).f1;
        // Ties go to the first setting met: the smaller penalty, the lower threshold, no rule floor, no minimum.
        if (!best || f1 > best.f1 + 1e-12) best = { l2, selection, f1 };
      }
    }
  }
  const chosen = best!;
  return { model: fit(examplesOf(meetings), { ...FIT_DEFAULTS, l2: chosen.l2 }), addressee, l2: chosen.l2, selection: chosen.selection, tuningF1: chosen.f1 };
}
