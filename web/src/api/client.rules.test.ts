import { describe, expect, it } from 'vitest';
import { failureMessage, isPublicPage, unauthorizedOutcome } from './client.ts';

describe('pure error rules', () => {
  it('knows the pages that show a 401 instead of redirecting', () => {
    expect(isPublicPage('/help')).toBe(true);
    expect(isPublicPage('/help/')).toBe(true);
    expect(isPublicPage('/dashboard')).toBe(false);
    expect(isPublicPage('/')).toBe(false);
    // An invitation link opens for anyone, signed in or not.
    expect(isPublicPage('/invitations/abc123')).toBe(true);
    expect(isPublicPage('/invitations')).toBe(false);
  });

  it('turns a 401 into the outcome for the call and the page', () => {
    expect(unauthorizedOutcome('/auth/current-user', '/dashboard', {})).toEqual({
      message: 'User not authenticated.',
      clearToken: false,
      redirectToLogin: false,
    });
    expect(unauthorizedOutcome('/api/tickets', '/login', {})).toEqual({
      message: 'Authentication required.',
      clearToken: true,
      redirectToLogin: false,
    });
    expect(unauthorizedOutcome('/api/tickets', '/tickets', { error: 'x' })).toEqual({
      message: 'Session expired. Redirecting to login...',
      clearToken: true,
      redirectToLogin: true,
    });
  });

  it('prefers the server text, else the status', () => {
    expect(failureMessage({ status: 400, statusText: 'Bad Request' }, { error: 'Title is required.' })).toBe(
      'Title is required.',
    );
    expect(failureMessage({ status: 500, statusText: 'Internal Server Error' }, 'oops')).toBe(
      'Error: 500 Internal Server Error',
    );
    expect(failureMessage({ status: 413, statusText: 'Payload Too Large' }, { message: 'Too big.' }, 'message')).toBe(
      'Too big.',
    );
  });
});
