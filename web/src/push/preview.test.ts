import { describe, expect, it } from 'vitest';
import { previewFields, requestText, typedMappings, type ItemPreviewShape } from './preview.ts';
import { pushTexts } from './texts.ts';

const preview: ItemPreviewShape = {
  title: 'Fix the login redirect loop', body: 'Safari users loop.', fields: [{ name: 'Labels', value: 'tickscribe, priority: high' }],
  assignee: { id: 'grace', name: 'Grace Hopper' }, then: [], notices: [],
  request: { method: 'POST', url: 'https://api.github.com/repos/acme/web/issues', body: { title: 'Fix the login redirect loop' } },
};

describe('the item preview', () => {
  it('sends only the usernames typed, leaving out the empty ones', () => {
    expect(typedMappings({ 'Grace Hopper': 'grace', 'Ada Lovelace': '  ' })).toEqual({ 'Grace Hopper': 'grace' });
    expect(typedMappings(undefined)).toEqual({});
  });

  it('lists the tracker fields, then the assignee by name and id, or nobody', () => {
    expect(previewFields(preview, pushTexts.preview)).toEqual([
      { name: 'Labels', value: 'tickscribe, priority: high' },
      { name: 'Assignee', value: 'Grace Hopper (grace)' },
    ]);
    expect(previewFields({ ...preview, assignee: { id: 'grace', name: 'grace' } }, pushTexts.preview).at(-1)).toEqual({ name: 'Assignee', value: 'grace' });
    expect(previewFields({ ...preview, assignee: null }, pushTexts.preview).at(-1)).toEqual({ name: 'Assignee', value: 'Nobody' });
  });

  it('shows the request as its method, address and indented JSON', () => {
    expect(requestText(preview.request)).toBe('POST https://api.github.com/repos/acme/web/issues\n\n{\n  "title": "Fix the login redirect loop"\n}');
  });
});
