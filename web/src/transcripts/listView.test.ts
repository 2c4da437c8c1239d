import { describe, expect, it } from 'vitest';
import { viewTranscripts, type ListView } from './listView.ts';
import type { TranscriptSummary } from './types.ts';

function transcript(id: string, title: string, createdAt: string, source: string | null = null): TranscriptSummary {
  return {
    id, title, createdAt, source, date: null, duration: null, processingStatus: 'completed', metadata: {},
    participantCount: 0, messageCount: 0,
  };
}

const all = [
  transcript('a', 'Sprint planning', '2026-01-03T10:00:00Z', 'zoom'),
  transcript('b', 'alpha review', '2026-01-01T10:00:00Z'),
  transcript('c', 'Design sync', '2026-01-05T10:00:00Z', 'google-meet'),
  transcript('d', 'Retro 10', '2026-01-02T10:00:00Z'),
  transcript('e', 'Retro 9', '2026-01-04T10:00:00Z'),
];
const base: ListView = { search: '', sortBy: 'date', order: 'newest', page: 1, pageSize: 10 };

describe('viewTranscripts', () => {
  it('sorts by upload date, newest or oldest first', () => {
    expect(viewTranscripts(all, base).items.map((t) => t.id)).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect(viewTranscripts(all, { ...base, order: 'oldest' }).items.map((t) => t.id)).toEqual(['b', 'd', 'a', 'e', 'c']);
  });

  it('sorts by title ignoring case, numbers in order', () => {
    expect(viewTranscripts(all, { ...base, sortBy: 'title', order: 'oldest' }).items.map((t) => t.title)).toEqual([
      'alpha review', 'Design sync', 'Retro 9', 'Retro 10', 'Sprint planning',
    ]);
    expect(viewTranscripts(all, { ...base, sortBy: 'title' }).items[0]?.title).toBe('Sprint planning');
  });

  it('searches title and source, ignoring case', () => {
    expect(viewTranscripts(all, { ...base, search: 'RETRO' }).items.map((t) => t.id)).toEqual(['e', 'd']);
    expect(viewTranscripts(all, { ...base, search: 'zoom' }).items.map((t) => t.id)).toEqual(['a']);
    expect(viewTranscripts(all, { ...base, search: 'nothing' })).toMatchObject({ items: [], total: 0, totalPages: 0, page: 1 });
  });

  it('pages and clamps the page', () => {
    const second = viewTranscripts(all, { ...base, pageSize: 2, page: 2 });
    expect(second).toMatchObject({ total: 5, totalPages: 3, page: 2 });
    expect(second.items.map((t) => t.id)).toEqual(['a', 'd']);
    expect(viewTranscripts(all, { ...base, pageSize: 2, page: 9 })).toMatchObject({ page: 3 });
    expect(viewTranscripts(all, { ...base, pageSize: 2, page: 9 }).items.map((t) => t.id)).toEqual(['b']);
  });
});
