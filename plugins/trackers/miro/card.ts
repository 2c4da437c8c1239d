/**
 * A ticket as a Miro card: its title, a description in the HTML Miro cards keep (paragraphs, bold, italics,
 * lists, line breaks), the due date and assignee, the tags that carry priority, status, project and the ticket's
 * own tags, and a place on the board where it covers no other card.
 */
import { markerOf, type TrackerTicket } from '../../sdk/index.ts';
import { sectionsToHtml, ticketSections } from '../shared/sections.ts';
import { plainText } from '../shared/search.ts';

export type TagColor = 'red' | 'light_green' | 'cyan' | 'yellow' | 'magenta' | 'green' | 'blue' | 'gray' | 'violet' | 'dark_green' | 'dark_blue' | 'black';

export interface Card {
  id: string;
  data?: { title?: string; description?: string } | null;
  position?: { x?: number; y?: number; relativeTo?: string } | null;
  geometry?: { width?: number; height?: number } | null;
  parent?: { id?: string } | null;
}

export interface WantedTag {
  title: string;
  fillColor: TagColor;
}

/** Miro keeps at most eight tags on a card and 120 characters in a tag's title. */
export const TAGS_PER_CARD = 8;
const TAG_TITLE_LIMIT = 120;
const KEY_LIMIT = 80;
const STATUS_LABELS: Record<TrackerTicket['status'], string> = { ToDo: 'To Do', InProgress: 'In Progress', Done: 'Done' };
const PRIORITY_COLORS: Record<TrackerTicket['priority'], TagColor> = { High: 'red', Medium: 'yellow', Low: 'light_green' };
const STATUS_COLORS: Record<TrackerTicket['status'], TagColor> = { ToDo: 'gray', InProgress: 'blue', Done: 'green' };
/** The card's border, by priority (Miro's red, yellow and green). */
const THEMES: Record<TrackerTicket['priority'], string> = { High: '#f24726', Medium: '#fac710', Low: '#8fd14f' };

/** New cards fill rows of this many columns, each cell larger than a card so that none touch. */
const COLUMNS = 5;
const CELL = { width: 360, height: 200 };
/** A card's size when Miro does not say (its default). */
const DEFAULT_CARD = { width: 320, height: 94 };
const MOST_SLOTS = 5000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A Miro text as plain text: tags removed, entities read. */
export { plainText };

/** What people call the card: its title, shortened. */
export const keyOf = (title: string) => (title.length > KEY_LIMIT ? `${title.slice(0, KEY_LIMIT - 1)}…` : title) || 'Card';

/** Whether a card's description carries the marker (and not merely a longer one that starts the same). */
export function carriesMarker(card: Card, ticketId: string): boolean {
  const text = card.data?.description ?? '';
  const marker = markerOf(ticketId);
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    if (!/[\w-]/.test(text[at + marker.length] ?? '')) return true;
  }
  return false;
}

/** The tags the card gets, most telling first: priority, status, project, then the ticket's own. */
export function wantedTags(ticket: TrackerTicket): WantedTag[] {
  const tags = new Map<string, WantedTag>();
  const wanted: WantedTag[] = [
    { title: `Priority: ${ticket.priority}`, fillColor: PRIORITY_COLORS[ticket.priority] },
    { title: `Status: ${STATUS_LABELS[ticket.status]}`, fillColor: STATUS_COLORS[ticket.status] },
    { title: `Project: ${ticket.project}`, fillColor: 'violet' },
    ...ticket.tags.map((tag): WantedTag => ({ title: tag, fillColor: 'cyan' })),
  ];
  for (const tag of wanted) {
    const title = tag.title.trim().slice(0, TAG_TITLE_LIMIT);
    if (title && !tags.has(title)) tags.set(title, { ...tag, title });
  }
  return [...tags.values()].slice(0, TAGS_PER_CARD);
}

/**
 * The description: the sections in the HTML a card keeps (a heading becomes a bold paragraph, the quote an
 * italic one), then every fact the card shows elsewhere too (so none is lost to the tag limit) and the marker.
 */
export function descriptionOf(ticket: TrackerTicket): string {
  const html = sectionsToHtml(ticketSections(ticket))
    .replace(/<h3>(.*?)<\/h3>/g, '<p><strong>$1</strong></p>')
    .replace(/<blockquote>(.*?)<\/blockquote>/g, (_, quote: string) => quote.replace(/<p>(.*?)<\/p>/g, '<p><em>$1</em></p>'));
  const facts = [
    `Priority: ${ticket.priority} · Status: ${STATUS_LABELS[ticket.status]} · Project: ${ticket.project}`,
    ...(ticket.dueDate ? [`Due: ${ticket.dueDate}`] : []),
    ...(ticket.tags.length ? [`Tags: ${ticket.tags.join(', ')}`] : []),
    `Tickscribe ticket: ${markerOf(ticket.id)}`,
  ];
  return `${html}<p>${facts.map(escapeHtml).join('<br>')}</p>`;
}

/**
 * The first cell of the grid (rows of COLUMNS from the board's centre, rightwards and down) that no card on the
 * canvas overlaps; cards inside frames are placed relative to their frame and are left out.
 */
export function freeSlot(cards: Card[]): { x: number; y: number } {
  const boxes = cards
    .filter((card) => !card.parent?.id && card.position?.relativeTo !== 'parent_top_left' && typeof card.position?.x === 'number' && typeof card.position.y === 'number')
    .map((card) => {
      const width = card.geometry?.width ?? DEFAULT_CARD.width;
      const height = card.geometry?.height ?? DEFAULT_CARD.height;
      return { left: card.position!.x! - width / 2, right: card.position!.x! + width / 2, top: card.position!.y! - height / 2, bottom: card.position!.y! + height / 2 };
    });
  const cellOf = (slot: number) => ({ x: (slot % COLUMNS) * CELL.width, y: Math.floor(slot / COLUMNS) * CELL.height });
  for (let slot = 0; slot < MOST_SLOTS; slot += 1) {
    const { x, y } = cellOf(slot);
    const taken = boxes.some((box) => box.left < x + CELL.width / 2 && box.right > x - CELL.width / 2 && box.top < y + CELL.height / 2 && box.bottom > y - CELL.height / 2);
    if (!taken) return { x, y };
  }
  return { x: 0, y: Math.max(...boxes.map((box) => box.bottom)) + CELL.height };
}

/** The body that creates the card. */
export function cardBody(ticket: TrackerTicket, position: { x: number; y: number }) {
  return {
    data: {
      title: escapeHtml(ticket.title),
      description: descriptionOf(ticket),
      // Noon UTC keeps the calendar day the same in every time zone from UTC-11 to UTC+11.
      ...(ticket.dueDate ? { dueDate: `${ticket.dueDate}T12:00:00.000Z` } : {}),
      ...(ticket.assignee ? { assigneeId: ticket.assignee.id } : {}),
    },
    style: { cardTheme: THEMES[ticket.priority] },
    position,
  };
}
