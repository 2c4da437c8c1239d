/**
 * A ticket's long-form fields as readable sections, the same in every tracker: description first, then context,
 * implementation details, notes, effort, dependencies and the words from the meeting. Each tracker renders them
 * in its own markup (Markdown, HTML, Atlassian Document Format) and appends its marker.
 */
import type { TrackerTicket } from '../../sdk/index.ts';

export interface Section {
  /** Null for the description, which opens the body without a heading. */
  heading: string | null;
  /** Paragraphs (a blank line between them in the source) or, for lists, one entry per item. */
  paragraphs: string[];
  list?: boolean;
  /** The section is a quotation (the source quote). */
  quote?: boolean;
}

const paragraphs = (text: string | null) => (text ?? '').split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);

/** A dependency as a line: its key and address when it has been pushed, else its title. */
export function dependencyLine(dependency: TrackerTicket['dependsOn'][number]): string {
  const where = [dependency.key, dependency.url].filter(Boolean).join(' ');
  return where ? `${dependency.title} (${where})` : dependency.title;
}

/** The sections of a ticket's body; `fullTitle` (a title the tracker's limit cut) comes first, whole. */
export function ticketSections(ticket: TrackerTicket, fullTitle: string | null = null): Section[] {
  const sections: Section[] = [
    { heading: 'Full title', paragraphs: fullTitle ? [fullTitle] : [] },
    { heading: null, paragraphs: paragraphs(ticket.description) },
    { heading: 'Context', paragraphs: paragraphs(ticket.context) },
    { heading: 'Implementation details', paragraphs: paragraphs(ticket.implementation) },
    { heading: 'Notes', paragraphs: paragraphs(ticket.notes) },
    { heading: 'Effort', paragraphs: ticket.effort ? [ticket.effort] : [] },
    { heading: 'Depends on', paragraphs: ticket.dependsOn.map(dependencyLine), list: true },
    { heading: 'From the meeting', paragraphs: paragraphs(ticket.quote), quote: true },
  ];
  return sections.filter((section) => section.paragraphs.length);
}

/** The sections as Markdown (GitHub issues, Miro descriptions, webhook payloads' `body`). */
export function sectionsToMarkdown(sections: Section[]): string {
  return sections
    .map((section) => {
      const lines = section.list
        ? section.paragraphs.map((item) => `- ${item}`).join('\n')
        : section.paragraphs.map((text) => (section.quote ? text.split('\n').map((line) => `> ${line}`).join('\n') : text)).join('\n\n');
      return section.heading ? `### ${section.heading}\n\n${lines}` : lines;
    })
    .join('\n\n');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sections as HTML (Azure DevOps descriptions, Miro cards). Text is escaped; line breaks kept. */
export function sectionsToHtml(sections: Section[]): string {
  const text = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  return sections
    .map((section) => {
      const body = section.list
        ? `<ul>${section.paragraphs.map((item) => `<li>${text(item)}</li>`).join('')}</ul>`
        : section.quote
          ? `<blockquote>${section.paragraphs.map((p) => `<p>${text(p)}</p>`).join('')}</blockquote>`
          : section.paragraphs.map((p) => `<p>${text(p)}</p>`).join('');
      return `${section.heading ? `<h3>${escapeHtml(section.heading)}</h3>` : ''}${body}`;
    })
    .join('');
}

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/**
 * What a person reads of HTML that sectionsToHtml made (with the paragraphs and rules a tracker's own text adds), in
 * Markdown: headings, paragraphs, line breaks, bullet lists and quotes; any other tag is dropped, its text kept.
 */
export function htmlToMarkdown(html: string): string {
  return html
    .replace(/<blockquote>([\s\S]*?)<\/blockquote>/g, (_, inner: string) => inner.replace(/<p>([\s\S]*?)<\/p>/g, (__, text: string) => `<p>${text.split('<br>').map((line) => `&gt; ${line}`).join('<br>')}</p>`))
    .replace(/<h3>([\s\S]*?)<\/h3>/g, '### $1\n\n')
    .replace(/<li>([\s\S]*?)<\/li>/g, '- $1\n')
    .replace(/<\/ul>/g, '\n')
    .replace(/<hr\s*\/?>/g, '---\n\n')
    .replace(/<\/p>/g, '\n\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => HTML_ENTITIES[entity]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
