/**
 * A ticket's sections in Atlassian Document Format, the rich text Jira's v3 API takes for descriptions: a
 * heading per section, paragraphs (line breaks kept as hard breaks), a bullet list for dependencies and a
 * blockquote for the words from the meeting, as the Markdown and HTML renderings have them.
 */
import type { Section } from '../shared/sections.ts';

export interface AdfNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: AdfNode[];
  text?: string;
  marks?: { type: string }[];
}

export interface AdfDocument {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

/** A text's lines as text nodes between hard breaks (ADF allows no empty text node). */
function inline(text: string): AdfNode[] {
  return text.split('\n').flatMap((line, index) => [
    ...(index ? [{ type: 'hardBreak' }] : []),
    ...(line ? [{ type: 'text', text: line }] : []),
  ]);
}

export const paragraph = (text: string): AdfNode => ({ type: 'paragraph', content: inline(text) });

function sectionNodes(section: Section): AdfNode[] {
  const heading: AdfNode[] = section.heading
    ? [{ type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: section.heading }] }]
    : [];
  if (section.list) {
    const items = section.paragraphs.map((item) => ({ type: 'listItem', content: [paragraph(item)] }));
    return [...heading, { type: 'bulletList', content: items }];
  }
  if (section.quote) return [...heading, { type: 'blockquote', content: section.paragraphs.map(paragraph) }];
  return [...heading, ...section.paragraphs.map(paragraph)];
}

/** The sections as an ADF document, ending with a small line that names the marker. */
export function sectionsToAdf(sections: Section[], marker: string): AdfDocument {
  return {
    type: 'doc',
    version: 1,
    content: [
      ...sections.flatMap(sectionNodes),
      { type: 'paragraph', content: [{ type: 'text', text: `Pushed from Tickscribe (${marker})`, marks: [{ type: 'em' }] }] },
    ],
  };
}

/** What a person reads of an ADF document, in Markdown: headings, paragraphs, bullet lists and quotes. */
export function adfToMarkdown(document: AdfDocument): string {
  const text = (nodes: AdfNode[] = []): string => nodes.map((node) => (node.type === 'hardBreak' ? '\n' : node.type === 'text' ? (node.marks?.some((mark) => mark.type === 'em') ? `_${node.text ?? ''}_` : node.text ?? '') : text(node.content))).join('');
  const block = (node: AdfNode): string => {
    switch (node.type) {
      case 'heading': return `${'#'.repeat(Number(node.attrs?.['level'] ?? 3))} ${text(node.content)}`;
      case 'bulletList': return (node.content ?? []).map((item) => `- ${(item.content ?? []).map(block).join('\n')}`).join('\n');
      case 'blockquote': return (node.content ?? []).map(block).join('\n\n').split('\n').map((line) => `> ${line}`).join('\n');
      default: return text(node.content);
    }
  };
  return document.content.map(block).join('\n\n');
}
