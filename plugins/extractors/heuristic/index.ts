/**
 * The offline extractor: the default when no LLM is configured. Rules find every candidate task in a transcript
 * (commitments "I'll…", requests "can you…", assignments "Ada will…", group obligations "we need to…", noted
 * action items), word it as a self-contained, imperative title, resolve who it falls to among the participants
 * (never a placeholder speaker) and read its due date, priority and project from the meeting's words. A small
 * logistic regression learned from labelled meetings (model/, weights in model/weights.json, rebuilt by
 * `npm run train:extractor`) then says which candidates are tasks a reviewer would keep; the likeliest become
 * tickets, restatements merged.
 * Deterministic, no network, no credits: usage is always zero.
 */
import type { ExtractionRequest, ExtractionResult, ExtractorPlugin } from '../../sdk/index.ts';
import { extractWith } from './model/pipeline.ts';
import { loadWeights } from './model/weights.ts';

const HEURISTIC_USAGE = { provider: 'heuristic', model: 'heuristic-v1', inputTokens: 0, outputTokens: 0, calls: 0 } as const;

const weights = loadWeights();

/** The tickets the offline extractor finds in a request, synchronously. */
function extractOffline(request: ExtractionRequest): ExtractionResult {
  return { tickets: extractWith(request, weights, weights.selection, weights.addressee), usage: { ...HEURISTIC_USAGE } };
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
    return extractOffline(request);
  },
};

export default heuristicExtractor;
