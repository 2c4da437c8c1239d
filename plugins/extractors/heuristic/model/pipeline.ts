/**
 * From a transcript to tickets with the learned model: the rules find every candidate task and word it, the model
 * says how likely each is one the team would keep, and the likely ones become tickets, at most a few a meeting.
 */
import type { ExtractedTicket, ExtractionRequest } from '../../../sdk/index.ts';
import { findProject } from '../attributes.ts';
import { type Candidate, MIN_SCORE, findCandidates } from '../candidates.ts';
import { attachFollowUps } from '../followups.ts';
import { type Roster, createRoster } from '../participants.ts';
import { buildTickets, mergeCandidates } from '../tickets.ts';
import { addresseeChoices, chooseAddressee } from './addressee.ts';
import { candidateFeatures } from './features.ts';
import { type LogisticModel, probability } from './logistic.ts';

export interface Selection {
  /** Candidates at least this likely become tickets. */
  threshold: number;
  /** At most this many tickets a meeting (a chunk), the likeliest; null for no limit. */
  maxTickets: number | null;
  /** Candidates the rules have no doubt about and score at least this also become tickets; null: none. */
  ruleFloor: number | null;
  /**
   * When fewer pass, the likeliest candidates the rules have no doubt about make up this many tickets: a meeting
   * where someone said "I'll write the release notes" has a task, however unsure the model is.
   */
  minTickets: number;
}

/**
 * Every candidate the rules alone are sure of, whatever the model says: how the rules' wording, assignees, dates
 * and merging are tested apart from the learned selection.
 */
export const RULES_ONLY: Selection = { threshold: Number.POSITIVE_INFINITY, maxTickets: null, ruleFloor: MIN_SCORE, minTickets: 0 };

/** A transcript's candidates and the features of each, before any model looks at them. */
export interface Prepared {
  request: ExtractionRequest;
  roster: Roster;
  candidates: Candidate[];
  features: string[][];
}

export function prepare(request: ExtractionRequest): Prepared {
  const roster = createRoster(request.transcript.participants);
  const candidates = findCandidates(request, roster);
  return { request, roster, candidates, features: candidates.map((_, k) => candidateFeatures(request, candidates, k)) };
}

/** The tickets of the candidates whose probability passes the selection; `addressee` says whom "you" was. */
export function select(prepared: Prepared, probabilities: readonly number[], selection: Selection, addressee: LogisticModel | null): ExtractedTicket[] {
  const { request, roster } = prepared;
  // Fresh copies: follow-ups are attached to the kept ones, and the model's probability orders restatements.
  const all = prepared.candidates.map((c, k) => ({ ...c, followUps: [], score: probabilities[k]!, rules: c.score }));
  const kept = all.filter((c) => c.score >= selection.threshold || (selection.ruleFloor !== null && !c.doubts.length && c.rules >= selection.ruleFloor));
  if (kept.length < selection.minTickets) {
    const sure = all.filter((c) => !c.doubts.length && !kept.includes(c)).sort((a, b) => b.score - a.score || a.order - b.order);
    kept.push(...sure.slice(0, selection.minTickets - kept.length));
    kept.sort((a, b) => a.order - b.order);
  }
  for (const candidate of kept) {
    if (!candidate.unaddressed || !addressee) continue;
    const chosen = chooseAddressee(request, candidate, addresseeChoices(request, candidate, (p) => roster.isPerson(p)), addressee);
    if (chosen) {
      candidate.assignee = chosen;
      candidate.named = [chosen];
    }
  }
  attachFollowUps(request, kept, prepared.candidates.filter((c) => !c.doubts.length));
  let groups = mergeCandidates(kept);
  if (selection.maxTickets !== null && groups.length > selection.maxTickets) {
    groups = [...groups].sort((a, b) => b.lead.score - a.lead.score || a.lead.order - b.lead.order).slice(0, selection.maxTickets);
  }
  groups.sort((a, b) => a.members[0]!.order - b.members[0]!.order);
  return buildTickets(request, groups, findProject(request.transcript));
}

export function extractWith(request: ExtractionRequest, model: LogisticModel, selection: Selection, addressee: LogisticModel | null): ExtractedTicket[] {
  const prepared = prepare(request);
  return select(prepared, prepared.features.map((f) => probability(model, f)), selection, addressee);
}
