/**
 * The offline heuristic extractor: the default when no LLM is configured. Finds commitments ("I'll…"), requests
 * ("can you…"), assignments ("Ada will…"), group obligations ("we need to…") and noted action items in a
 * transcript with cue phrases, resolves who each falls to among the participants (never inventing a name, never a
 * placeholder speaker), reads due dates, priority, effort and tags from the words around it and from the
 * sentences just after it, and merges restatements of one task.
 * Deterministic, no network, no credits: usage is always zero.
 */
import type { ExtractionRequest, ExtractionResult, ExtractorPlugin } from '../../sdk/index.ts';
import { findProject } from './attributes.ts';
import { MIN_SCORE, findCandidates } from './candidates.ts';
import { attachFollowUps } from './followups.ts';
import { createRoster } from './participants.ts';
import { buildTickets, mergeCandidates } from './tickets.ts';

const HEURISTIC_USAGE = { provider: 'heuristic', model: 'heuristic-v1', inputTokens: 0, outputTokens: 0, calls: 0 } as const;

/** The tickets the offline extractor finds in a request, synchronously. */
function extractHeuristic(request: ExtractionRequest): ExtractionResult {
  const roster = createRoster(request.transcript.participants);
  const candidates = findCandidates(request, roster).filter((c) => c.score >= MIN_SCORE);
  attachFollowUps(request, candidates);
  const groups = mergeCandidates(candidates).sort((a, b) => a.members[0]!.order - b.members[0]!.order);
  const tickets = buildTickets(request, groups, findProject(request.transcript));
  return { tickets, usage: { ...HEURISTIC_USAGE } };
}

export const heuristicExtractor: ExtractorPlugin = {
  manifest: {
    apiVersion: 1,
    id: 'heuristic',
    kind: 'extractor',
    name: 'Offline heuristic extractor',
    version: '1.0.0',
    description:
      'Finds commitments, requests and action items with cue phrases, offline and deterministic. The default when no LLM is configured; spends no credits.',
    offline: true,
  },
  estimate() {
    return { inputTokens: 0, outputTokens: 0 };
  },
  async extract(request, { signal }) {
    signal?.throwIfAborted();
    return extractHeuristic(request);
  },
};

export default heuristicExtractor;
