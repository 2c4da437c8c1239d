import { describe, expect, it } from 'vitest';
import { CHART_PAGE_SIZE, entriesOf, nextOffset, operationLabel, TABLE_PAGE_SIZE, type HistoryEntry, type HistoryPage } from './history.ts';

const entry = (id: string): HistoryEntry => ({
  id, createdAt: '2026-01-05T10:00:00.000Z', operationType: 'ticket_extraction', aiProvider: 'openai', inputTokens: 1, outputTokens: 1,
});

function page(ids: string[], offset: number, limit: number, total: number): HistoryPage {
  return { history: ids.map(entry), pagination: { limit, offset, total, hasMore: offset + ids.length < total } };
}

describe('page sizes', () => {
  it('are 20 for the table and the API default of 50 for the chart', () => {
    expect(TABLE_PAGE_SIZE).toBe(20);
    expect(CHART_PAGE_SIZE).toBe(50);
  });
});

describe('nextOffset', () => {
  it('raises the offset by the page size while the server has more', () => {
    expect(nextOffset(page(['a', 'b'], 0, 2, 5), 2)).toBe(2);
    expect(nextOffset(page(['c', 'd'], 2, 2, 5), 2)).toBe(4);
    expect(nextOffset(page(new Array(20).fill('x'), 40, 20, 100), TABLE_PAGE_SIZE)).toBe(60);
  });

  it('gives none once the last page is loaded, so Load More is not offered', () => {
    expect(nextOffset(page(['e'], 4, 2, 5), 2)).toBeUndefined();
    expect(nextOffset(page([], 0, 20, 0), 20)).toBeUndefined();
  });
});

describe('entriesOf', () => {
  it('shows the first page, then each later page appended', () => {
    expect(entriesOf([page(['a', 'b'], 0, 2, 5)]).map((item) => item.id)).toEqual(['a', 'b']);
    expect(entriesOf([page(['a', 'b'], 0, 2, 5), page(['c', 'd'], 2, 2, 5), page(['e'], 4, 2, 5)]).map((item) => item.id)).toEqual([
      'a', 'b', 'c', 'd', 'e',
    ]);
    expect(entriesOf([])).toEqual([]);
  });

  it('shows an entry once when newer usage pushed it onto the next page', () => {
    expect(entriesOf([page(['b', 'c'], 0, 2, 4), page(['c', 'd'], 2, 2, 4)]).map((item) => item.id)).toEqual(['b', 'c', 'd']);
  });
});

describe('operationLabel', () => {
  it('shows underscores as spaces', () => {
    expect(operationLabel('ticket_extraction')).toBe('ticket extraction');
    expect(operationLabel('bot__summary_v2')).toBe('bot  summary v2');
    expect(operationLabel('extraction')).toBe('extraction');
  });
});
