import { describe, expect, it } from 'vitest';
import {
  cutTitle,
  externalKey,
  hasActiveFilters,
  listQuery,
  NO_FILTERS,
  projectOptions,
  pushProblem,
} from './listState.ts';
import { pageAfterDeletion } from '../ui/listPaging.ts';

describe('listQuery', () => {
  it('sends only the page and limit when nothing narrows the list', () => {
    expect(listQuery(NO_FILTERS, 1, 10)).toBe('page=1&limit=10');
  });

  it('sends each filter in use, the pushed filter as true or false', () => {
    const query = new URLSearchParams(
      listQuery({ search: ' login bug ', status: 'InProgress', priority: 'High', project: 'Web App', pushed: 'NotPushed' }, 3, 25),
    );
    expect(Object.fromEntries(query)).toEqual({
      page: '3',
      limit: '25',
      search: 'login bug',
      status: 'InProgress',
      priority: 'High',
      project: 'Web App',
      pushed: 'false',
    });
    expect(new URLSearchParams(listQuery({ ...NO_FILTERS, pushed: 'Pushed' }, 1, 10)).get('pushed')).toBe('true');
  });
});

describe('hasActiveFilters', () => {
  it('tells a filtered list from the full one', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, project: 'Mobile' })).toBe(true);
    expect(hasActiveFilters({ ...NO_FILTERS, pushed: 'Pushed' })).toBe(true);
  });
});

describe('cutTitle', () => {
  it('keeps titles of up to 50 characters and cuts longer ones at 50 plus an ellipsis', () => {
    const fifty = 'x'.repeat(50);
    expect(cutTitle(fifty)).toBe(fifty);
    expect(cutTitle(`${fifty}yz`)).toBe(`${fifty}...`);
  });
});

describe('projectOptions', () => {
  it('lists the distinct projects of the page, sorted, with the chosen one kept', () => {
    expect(projectOptions([{ project: 'Web' }, { project: 'API' }, { project: 'Web' }, { project: ' ' }], '')).toEqual(['API', 'Web']);
    expect(projectOptions([], 'Mobile')).toEqual(['Mobile']);
  });
});

describe('pageAfterDeletion', () => {
  it('goes back one page when the last rows of a page above 1 are deleted', () => {
    expect(pageAfterDeletion(3, 2, 2)).toBe(2);
    expect(pageAfterDeletion(3, 2, 1)).toBe(3);
    expect(pageAfterDeletion(1, 1, 1)).toBe(1);
  });
});

describe('pushProblem', () => {
  it('uses the spec texts for an empty selection and one that is all pushed', () => {
    expect(pushProblem([])).toBe('Please select at least one ticket to push');
    expect(pushProblem([{ externalUrl: 'https://github.com/o/r/issues/1' }])).toBe(
      'All selected tickets have already been pushed to external systems',
    );
    expect(pushProblem([{ externalUrl: 'https://github.com/o/r/issues/1' }, { externalUrl: null }])).toBeNull();
    expect(pushProblem([{ externalUrl: '' }])).toBeNull();
  });
});

describe('externalKey', () => {
  it('names a pushed item by its tracker key, else by its id', () => {
    expect(externalKey({ externalKey: 'PROJ-7', externalId: '10001' })).toBe('PROJ-7');
    expect(externalKey({ externalKey: null, externalId: '42' })).toBe('#42');
    expect(externalKey({ externalId: null })).toBeNull();
  });
});
