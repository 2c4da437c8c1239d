/**
 * The extractor contract kit: the checks both built-in extractors pass, runnable against a third-party extractor
 * with any test runner. The host's own checks (manifest, functions, settings, the answer's schema and usage)
 * run first; the kit adds what a schema cannot see: assignees only among the participants or the names spoken in
 * the meeting (never a placeholder speaker), dependencies only on tickets of the same answer, estimates that are
 * stable, and cancellation that is honoured.
 */
import { isPlaceholderName, type ExtractionRequest, type ExtractorPlugin, type PluginSettings } from '../../../plugins/sdk/index.ts';
import { loadAlone, messageOf, throwProblems } from './shared.ts';

export interface ExtractorKitOptions {
  /** Requests to extract from; a default planning meeting with clear action items when none are given. */
  requests?: ExtractionRequest[];
  /** The settings the extractor is bound with (e.g. a local server's URL). */
  settings?: Partial<PluginSettings>;
  /** Whether extraction from each request must find at least one ticket. Default true. */
  expectTickets?: boolean;
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

export async function checkExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<string[]> {
  const { host, problems } = await loadAlone(plugin, options.settings);
  if (problems.length) return problems;
  const extractor = host.extractor(plugin.manifest.id, options.settings)!;
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
  return problems;
}

export async function assertExtractorContract(plugin: ExtractorPlugin, options: ExtractorKitOptions = {}): Promise<void> {
  throwProblems('extractor', plugin.manifest.id, await checkExtractorContract(plugin, options));
}
