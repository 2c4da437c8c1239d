import type { ExtractedTicket } from '../../plugins/sdk/index.ts';

const STOP = new Set(['the', 'a', 'an', 'to', 'for', 'of', 'and', 'or', 'on', 'in', 'with', 'by', 'up', 'it', 'this', 'that']);

function tokens(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 1 && !STOP.has(t)));
}

function dice(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/**
 * Merges tickets from several chunks as they come: two tickets whose titles share most words (Dice ≥ 0.8) and
 * whose assignees agree (or one has none) are one task said twice; the first keeps its text and gains the other's
 * tags, dependencies and missing fields. Order is kept. `size` tells how many distinct tasks there are so far, so
 * an extraction can stop once it has more than it may keep.
 */
export class TicketMerger {
  readonly #merged: { ticket: ExtractedTicket; words: Set<string> }[] = [];

  get size(): number {
    return this.#merged.length;
  }

  get tickets(): ExtractedTicket[] {
    return this.#merged.map((m) => m.ticket);
  }

  add(ticket: ExtractedTicket): void {
    const words = tokens(ticket.title);
    const same = this.#merged.find(
      (m) => dice(m.words, words) >= 0.8 && (!m.ticket.assignee || !ticket.assignee || m.ticket.assignee === ticket.assignee),
    );
    if (!same) {
      this.#merged.push({ ticket: { ...ticket, tags: [...new Set(ticket.tags)] }, words });
      return;
    }
    const kept = same.ticket;
    same.ticket = {
      ...kept,
      assignee: kept.assignee ?? ticket.assignee,
      dueDate: kept.dueDate ?? ticket.dueDate,
      effort: kept.effort ?? ticket.effort,
      project: kept.project ?? ticket.project,
      context: kept.context ?? ticket.context,
      implementation: kept.implementation ?? ticket.implementation,
      notes: kept.notes ?? ticket.notes,
      priority: kept.priority === 'High' || ticket.priority === 'High' ? 'High' : kept.priority,
      tags: [...new Set([...kept.tags, ...ticket.tags])],
      dependsOn: [...new Set([...kept.dependsOn, ...ticket.dependsOn])],
    };
  }
}

/** The tickets of several chunks merged (see TicketMerger), in order. */
export function mergeExtractedTickets(tickets: readonly ExtractedTicket[]): ExtractedTicket[] {
  const merger = new TicketMerger();
  for (const ticket of tickets) merger.add(ticket);
  return merger.tickets;
}
