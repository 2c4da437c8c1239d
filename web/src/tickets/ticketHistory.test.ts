import { describe, expect, it } from 'vitest';
import {
  eventDetail, eventsOf, eventText, meetingTime, nextEventsOffset, statusOriginText, timeAgo, type TicketEvent, type TicketEventPage,
} from './ticketHistory.ts';

const base = { id: 'e1', at: '2026-11-29T10:00:00.000Z', actor: { id: 'u1', name: 'Grace Hopper' } };
const extracted = (data: Partial<Extract<TicketEvent, { kind: 'extracted' }>['data']>): TicketEvent => ({
  ...base, kind: 'extracted',
  data: {
    transcriptId: 't1', transcriptTitle: 'Sprint planning', source: 'upload', botProvider: null, extractor: 'openai', model: 'gpt-4o-mini',
    tokens: { input: 1200, output: 300 }, ticketsFromMeeting: 3, quote: 'Grace, can you fix the login redirect?', quoteAt: 724, ...data,
  },
});
const pushed = (data: Partial<Extract<TicketEvent, { kind: 'pushed' }>['data']>): TicketEvent => ({
  ...base, kind: 'pushed',
  data: {
    connectionId: 'c1', connectionName: 'Web', tracker: 'github', trackerName: 'GitHub', result: 'created', externalId: '42', key: '#42',
    url: 'https://github.com/acme/web/issues/42', error: null, batchId: 'b', ...data,
  },
});

describe('a history entry in words', () => {
  it('says what a merge brought from a later meeting, what it applied, and the meeting\'s words', () => {
    const merged: TicketEvent = {
      ...base, kind: 'merged',
      data: {
        mergedTicketId: 't2', mergedTitle: 'Upgrade the warehouse', transcriptId: 'm2', transcriptTitle: 'Data weekly', quote: 'The upgrade is scheduled for Saturday.',
        proposed: { dueDate: '2026-05-16', priority: 'High' }, changes: [{ field: 'dueDate', before: null, after: '2026-05-16' }],
      },
    };
    expect(eventText(merged)).toBe('Grace Hopper merged “Upgrade the warehouse” from “Data weekly” into this ticket, and changed due date from none to May 16, 2026');
    expect(eventText({ ...merged, data: { ...merged.data, changes: [], transcriptTitle: null } })).toBe('Grace Hopper merged “Upgrade the warehouse” from a later meeting into this ticket');
    expect(eventDetail(merged)).toBe('“The upgrade is scheduled for Saturday.”');
    const done: TicketEvent = {
      ...base, kind: 'edited',
      data: { changes: [{ field: 'status', before: 'ToDo', after: 'Done' }], because: { transcriptId: 'm3', transcriptTitle: 'Data weekly', quote: 'Moving the ETL is done.' } },
    };
    expect(eventText(done)).toBe('Grace Hopper changed status from To Do to Done (said done in “Data weekly”)');
    expect(eventDetail(done)).toBe('“Moving the ETL is done.”');
  });

  it('says where an extracted ticket came from, by which extractor, and when in the meeting', () => {
    expect(eventText(extracted({}))).toBe('Extracted from “Sprint planning” by openai gpt-4o-mini · 12:04 in the meeting');
    expect(eventText(extracted({ source: 'bot', botProvider: 'recall', extractor: null, model: null, quoteAt: null }))).toBe('Extracted from “Sprint planning” (recall bot)');
    expect(eventDetail(extracted({}))).toBe('“Grace, can you fix the login redirect?” · 1,500 tokens for the meeting\'s 3 tickets');
    expect(eventDetail(extracted({ quote: null, tokens: { input: 0, output: 0 } }))).toBeNull();
  });

  it('names who edited and each change, before and after, in the app\'s words', () => {
    const edited: TicketEvent = {
      ...base, kind: 'edited',
      data: { changes: [
        { field: 'priority', before: 'Medium', after: 'High' }, { field: 'dueDate', before: null, after: '2026-12-04' },
        { field: 'status', before: 'ToDo', after: 'InProgress' }, { field: 'description', before: 'a', after: 'b' },
        { field: 'tags', before: [], after: ['auth', 'bug'] }, { field: 'dependencies', before: ['a'], after: ['b', 'c'] },
      ] },
    };
    expect(eventText(edited)).toMatch(/^Grace Hopper changed priority from Medium to High, due date from none to Dec 4, 2026, status from To Do to In Progress, the description, tags from none to auth, bug, added 2 dependencies and removed 1 dependency$/);
    expect(eventText({ ...edited, actor: null })).toMatch(/^Someone changed /);
  });

  it('says where a push went, or why it failed', () => {
    expect(eventText(pushed({}))).toBe('Pushed to GitHub as #42');
    expect(eventText(pushed({ result: 'found' }))).toBe('Pushed to GitHub as #42 (found the item an earlier attempt made)');
    expect(eventText(pushed({ result: 'failed', trackerName: 'Jira', key: null, url: null, error: 'Jira refused the priority.' }))).toBe('Push to Jira failed: Jira refused the priority.');
    expect(eventText({ ...base, kind: 'created', data: { transcriptId: null, transcriptTitle: null } })).toBe('Grace Hopper created this ticket');
  });

  it('says which existing item a ticket was linked to, and whether the meeting\'s words were posted on it', () => {
    const data = { connectionId: 'c', connectionName: 'Web', tracker: 'github', trackerName: 'GitHub', externalId: '12', key: '#12', url: 'https://github.com/acme/web/issues/12', commented: false, batchId: 'b' };
    expect(eventText({ ...base, kind: 'linked', data })).toBe('Grace Hopper linked this ticket to #12 on GitHub, which was already there');
    expect(eventText({ ...base, kind: 'linked', data: { ...data, commented: true } })).toBe("Grace Hopper linked this ticket to #12 on GitHub, which was already there, and commented on it with the meeting's words");
  });

  it('writes a meeting time as a clock does', () => {
    expect([0, 59, 724, 3729].map(meetingTime)).toEqual(['0:00', '0:59', '12:04', '1:02:09']);
  });
});

type StatusEvent = Extract<TicketEvent, { kind: 'status' }>;
const status = (data: Partial<StatusEvent['data']>): StatusEvent => ({
  ...base, actor: null, kind: 'status',
  data: {
    status: 'Done', previous: 'ToDo', source: 'webhook', connectionId: 'c1', connectionName: 'Web', tracker: 'github', trackerName: 'GitHub', key: '#42',
    url: 'https://github.com/acme/web/issues/42', ...data,
  },
});

describe('a status followed from or sent to a tracker', () => {
  const at = Date.parse(base.at);

  it('says in the history what happened to the item, how Tickscribe heard, and the status before and after', () => {
    expect(eventText(status({}))).toBe('Closed on GitHub (#42), by webhook: status from To Do to Done');
    expect(eventText(status({ status: 'ToDo', previous: 'Done', source: 'poll' }))).toBe("Reopened on GitHub (#42), by Tickscribe's regular check: status from Done to To Do");
    expect(eventText({ ...status({ status: 'InProgress', previous: 'Done', source: 'tickscribe' }), actor: base.actor })).toBe('Status In Progress reached GitHub (#42)');
  });

  it('says on the ticket page where its status came from, and how long ago', () => {
    expect(statusOriginText(status({}), at + 2 * 60_000 + 5_000)).toBe('Closed on GitHub (#42), by webhook, 2 minutes ago');
    expect(statusOriginText(status({ source: 'tickscribe' }), at + 10_000)).toBe('Done sent to GitHub (#42), just now');
    expect(statusOriginText(status({ key: null, source: 'poll' }), at + 3 * 3_600_000)).toBe("Closed on GitHub, by Tickscribe's regular check, 3 hours ago");
  });

  it('counts time back in the largest whole unit', () => {
    expect(timeAgo(base.at, at - 5_000)).toBe('just now');
    expect(timeAgo(base.at, at + 60_000)).toBe('1 minute ago');
    expect(timeAgo(base.at, at + 86_400_000)).toBe('1 day ago');
    expect(timeAgo(base.at, at + 40 * 86_400_000)).toMatch(/^on /);
  });
});

describe('paging', () => {
  it('shows each event once across pages and asks for the next page while there is more', () => {
    const page = (ids: string[], offset: number, hasMore: boolean): TicketEventPage => ({
      events: ids.map((id) => ({ ...extracted({}), id })), pagination: { limit: 2, offset, total: 3, hasMore },
    });
    const pages = [page(['a', 'b'], 0, true), page(['b', 'c'], 2, false)];
    expect(eventsOf(pages).map((event) => event.id)).toEqual(['a', 'b', 'c']);
    expect(pages.map(nextEventsOffset)).toEqual([2, undefined]);
  });
});
