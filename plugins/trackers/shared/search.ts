/**
 * What the trackers' searches of items like a ticket, and their comments on an item, share: search words kept to
 * letters and digits (no tracker's query syntax survives it), the comment's words, and its marker line.
 */
import { markerOf, type TrackerComment } from '../../sdk/index.ts';

/**
 * A search word as every tracker's text search reads it literally: letters and digits only, in lower case (search
 * languages spell their operators, AND, OR, NOT, in capitals).
 */
export const searchWord = (word: string) => word.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** The query's words made literal, once each, at most `most`. */
export const searchWords = (words: readonly string[], most: number) => [...new Set(words.map(searchWord))].filter(Boolean).slice(0, most);

export interface CommentWords {
  /** 'Raised again in “Sprint planning” on 2026-11-30: Fix the login redirect' */
  lead: string;
  /** The meeting's words, when kept. */
  quote: string | null;
  /** The comment's last line, naming the ticket's marker: a retry finds it and does not comment again. */
  marker: string;
}

/** A comment on an existing item, in the same words for every tracker: what was said again, where and when. */
export function commentWords(comment: TrackerComment): CommentWords {
  const meeting = comment.meeting ? `in “${comment.meeting}”` : 'in a meeting';
  const date = comment.meetingDate ? ` on ${comment.meetingDate}` : '';
  return {
    lead: `Raised again ${meeting}${date}: ${comment.title}`,
    quote: comment.quote?.trim() || null,
    marker: `Pushed from Tickscribe (${markerOf(comment.ticketId)})`,
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** An HTML text as plain text: tags removed, entities read. */
export const plainText = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity]!).trim();
