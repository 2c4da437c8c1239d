/**
 * The extractor contract kit: the checks both built-in extractors pass, as plain functions that run under any test
 * runner with nothing but this package. Besides the answer's shape (schemas/extraction.schema.json, whole
 * token counts), it checks what a schema cannot see: assignees only among the participants or the names spoken in
 * the meeting (never a placeholder speaker), dependencies only on tickets of the same answer, estimates that are
 * stable, and cancellation that is honoured. The host's own kit (the app's testkit) runs the same checks through
 * the host, which also validates the settings against the manifest's schemas.
 */
import type { ExtractionRequest, ExtractionResult, ExtractorPlugin } from '../extractor.ts';
import type { PluginSettings } from '../manifest.ts';
import { isPlaceholderName } from '../participants.ts';
import { manifestProblems, settingsWithDefaults } from './manifest.ts';
import { messageOf, throwProblems } from './problems.ts';
import { SCHEMAS, schemaProblems } from './schema-check.ts';

export interface ExtractorKitOptions {
  /** Requests to extract from; a default planning meeting with clear action items when none are given. */
  requests?: ExtractionRequest[];
  /** The settings the extractor is bound with (e.g. a local server's URL). */
  settings?: Partial<PluginSettings>;
  /** Whether extraction from each request must find at least one ticket. Default true. */
  expectTickets?: boolean;
}

/** The calls the kit makes, on an extractor bound to its settings (the host's BoundExtractor has them). */
export interface KitExtractor {
  estimate(request: ExtractionRequest): { inputTokens: number; outputTokens: number };
  extract(request: ExtractionRequest, options?: { signal?: AbortSignal }): Promise<ExtractionResult>;
}

/** A short planning meeting with an assigned task, a volunteered one and a deadline. */
export const SAMPLE_REQUEST: ExtractionRequest = {
  transcript: {
    title: 'Release planning',
    source: 'text',
    date: '2026-03-02',
    participants: [
      { id: 'p1', name: 'Ada Lovelace' },
      { id: 'p2', name: 'Grace Hopper' },
    ],
    messages: [
      { id: 'm1', content: 'Grace, can you fix the login timeout on mobile by Friday?', timestamp: 12, speaker: { id: 'p1' } },
      { id: 'm2', content: "Sure, I'll fix the login timeout. I will also update the release notes once it ships.", timestamp: 20, speaker: { id: 'p2' } },
      { id: 'm3', content: 'Great. I need to send the customer the new release date tomorrow.', timestamp: 31, speaker: { id: 'p1' } },
    ],
  },
  meetingDate: '2026-03-02',
  chunk: { index: 0, count: 1 },
};

/** The checks, given the extractor bound (by the host or by the kit); appends to `problems`. */
export async function runExtractorChecks(extractor: KitExtractor, options: ExtractorKitOptions, problems: string[]): Promise<void> {
  for (const [index, request] of (options.requests ?? [SAMPLE_REQUEST]).entries()) {
    const label = `request ${index + 1}`;
    try {
      const estimate = extractor.estimate(request);
      if (JSON.stringify(extractor.estimate(request)) !== JSON.stringify(estimate)) problems.push(`${label}: estimate() gave two answers for one request`);
    } catch (error) {
      problems.push(`${label}: ${messageOf(error)}`);
    }
    let result;
    try {
      result = await extractor.extract(request);
    } catch (error) {
      problems.push(`${label}: extract() failed: ${messageOf(error)}`);
      continue;
    }
    if ((options.expectTickets ?? true) && !result.tickets.length) problems.push(`${label}: extract() found no tickets`);
    const names = new Set(request.transcript.participants.map((p) => p.name));
    const spoken = request.transcript.messages.map((m) => m.content).join('\n');
    const titles = new Set(result.tickets.map((t) => t.title));
    for (const ticket of result.tickets) {
      if (ticket.assignee !== null && !names.has(ticket.assignee) && !spoken.includes(ticket.assignee)) {
        problems.push(`${label}: ticket '${ticket.title}' is assigned to '${ticket.assignee}', who is neither a participant nor named in the meeting`);
      }
      if (ticket.assignee !== null && isPlaceholderName(ticket.assignee)) {
        problems.push(`${label}: ticket '${ticket.title}' is assigned to the placeholder '${ticket.assignee}'`);
      }
      for (const dependency of ticket.dependsOn.filter((title) => !titles.has(title) || title === ticket.title)) {
        problems.push(`${label}: ticket '${ticket.title}' depends on '${dependency}', which is not another ticket of the answer`);
      }
    }
  }
  try {
    await extractor.extract(options.requests?.[0] ?? SAMPLE_REQUEST, { signal: AbortSignal.abort(new Error('cancelled by the kit')) });
    problems.push('extract() ignored an aborted signal; it must reject');
  } catch {
    // Rejecting is what the contract asks.
  }
}

const COUNT = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** The extractor called as the host calls it, its answers checked by the contract's rules. */
function bindAlone(plugin: ExtractorPlugin, settings: PluginSettings): KitExtractor {
  const id = plugin.manifest.id;
  return {
    estimate(request) {
      const estimate = plugin.estimate(request, { settings });
      if (!COUNT(estimate?.inputTokens) || !COUNT(estimate?.outputTokens)) throw new Error(`The ${id} plugin's estimate() must return whole, non-negative inputTokens and outputTokens`);
      return estimate;
    },
    async extract(request, options = {}) {
      const result: unknown = await plugin.extract(request, { settings, ...(options.signal ? { signal: options.signal } : {}) });
      if (typeof result !== 'object' || result === null || !('tickets' in result)) {
        throw new Error(`The ${id} plugin's extract() must return an object { tickets, usage } (an ExtractionResult of the plugin SDK)`);
      }
      const { tickets, usage } = result as Partial<ExtractionResult>;
      const problems = schemaProblems(SCHEMAS.extraction, { tickets });
      if (problems.length) throw new Error(`The ${id} plugin's extract() returned an invalid extraction: ${problems.join('; ')}`);
      if (typeof usage?.provider !== 'string' || typeof usage.model !== 'string' || ![usage.inputTokens, usage.outputTokens, usage.calls].every(COUNT)) {
        throw new Error(`The ${id} plugin's extract() must report its usage: provider, model, and whole, non-negative inputTokens, outputTokens and calls`);
      }
      return result as ExtractionResult;
    },
  };
}

/** The problems found in `plugin` (none means it keeps the extractor contract). */
export async function checkExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<string[]> {
  const problems = manifestProblems(plugin, 'extractor');
  if (problems.length) return problems;
  await runExtractorChecks(bindAlone(plugin, settingsWithDefaults(plugin, options.settings)), options, problems);
  return problems;
}

/** Throws one error listing every problem found in `plugin`. */
export async function assertExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<void> {
  throwProblems('extractor', plugin.manifest.id, await checkExtractorContract(plugin, options));
}
