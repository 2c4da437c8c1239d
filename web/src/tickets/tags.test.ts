import { describe, expect, it } from 'vitest';
import { addTags, splitTags } from './tags.ts';

describe('addTags', () => {
  it('trims each tag and leaves out empty ones', () => {
    expect(addTags([], ['  api ', '', '   ', 'ui'])).toEqual(['api', 'ui']);
  });

  it('leaves out tags already present, ignoring case, and repeats within one addition', () => {
    expect(addTags(['API'], ['api', 'backend', 'backend ', 'Backend'])).toEqual(['API', 'backend']);
  });

  it('keeps the existing tags untouched', () => {
    const current = ['one'];
    expect(addTags(current, ['two'])).toEqual(['one', 'two']);
    expect(current).toEqual(['one']);
  });
});

describe('splitTags', () => {
  it('splits pasted text on commas', () => {
    expect(addTags([], splitTags('frontend, backend,,  urgent ,'))).toEqual(['frontend', 'backend', 'urgent']);
  });
});
