import { describe, expect, it } from 'vitest';
import { ApiError, failureText, NetworkError } from '../api/client.ts';
import { draftFromTicket, draftProblem, draftToInput, emptyDraft, trackerName } from './ticketForm.ts';
import type { Ticket } from './ticketsApi.ts';

const ticket: Ticket = {
  id: 't1',
  title: 'Fix login',
  description: 'The login page hangs',
  context: null,
  implementation: 'Retry the call',
  dependencies: ['t0'],
  effort: null,
  notes: null,
  project: 'Web',
  status: 'InProgress',
  priority: 'High',
  assignee: null,
  tags: ['auth'],
  dueDate: '2026-12-01',
  externalUrl: null,
  externalId: null,
  externalType: null,
  externalKey: null,
  transcriptId: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  editedBy: null,
};

describe('ticket drafts', () => {
  it('start as ToDo and Medium', () => {
    expect(emptyDraft()).toMatchObject({ status: 'ToDo', priority: 'Medium', tags: [], dependencies: [] });
  });

  it('require title, project and description', () => {
    expect(draftProblem(emptyDraft())).toBe('Please fill out all required fields');
    expect(draftProblem({ ...emptyDraft(), title: 'a', project: 'b', description: '  ' })).toBe(
      'Please fill out all required fields',
    );
    expect(draftProblem({ ...emptyDraft(), title: 'a', project: 'b', description: 'c' })).toBeNull();
  });

  it('round-trip a ticket, with empty optional fields sent as null', () => {
    const input = draftToInput(draftFromTicket(ticket));
    expect(input).toEqual({
      title: 'Fix login',
      description: 'The login page hangs',
      project: 'Web',
      status: 'InProgress',
      priority: 'High',
      effort: null,
      assignee: null,
      tags: ['auth'],
      dueDate: '2026-12-01',
      context: null,
      implementation: 'Retry the call',
      notes: null,
      dependencies: ['t0'],
    });
  });

  it('do not share lists with the ticket they came from', () => {
    const draft = draftFromTicket(ticket);
    draft.tags.push('new');
    expect(ticket.tags).toEqual(['auth']);
  });
});

describe('failureText', () => {
  it("prefers the server's text, else the fallback", () => {
    expect(failureText(new ApiError('x', 400, 'Please fill out all required fields'), 'Failed to create ticket')).toBe(
      'Please fill out all required fields',
    );
    expect(failureText(new ApiError('Error: 500 Internal Server Error', 500, undefined), 'Failed to create ticket')).toBe(
      'Failed to create ticket',
    );
    expect(failureText(new NetworkError('down'), 'Failed to update ticket')).toBe('Failed to update ticket');
  });
});

describe('trackerName', () => {
  it('names the tracker from the external address', () => {
    expect(trackerName('https://github.com/acme/web/issues/12')).toBe('GitHub');
    expect(trackerName('https://acme.atlassian.net/browse/WEB-3')).toBe('JIRA');
    expect(trackerName('https://dev.azure.com/acme/web/_workitems/edit/4')).toBe('Azure DevOps');
    expect(trackerName('https://miro.com/app/board/abc')).toBe('Miro');
    expect(trackerName('https://hooks.example.com/t/1')).toBe('hooks.example.com');
  });
});
