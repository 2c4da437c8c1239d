import { describe, expect, it } from 'vitest';
import { camelizeKeys, failureMessage, isPublicPage, snakeToCamel, unauthorizedOutcome } from './client.ts';

describe('camelizeKeys', () => {
  it('converts snake_case keys deeply and leaves camelCase keys and values alone', () => {
    expect(camelizeKeys({ a_b_c: 1, alreadyCamel: { inner_key: ['keep_value', { deep_key: null }] } })).toEqual({
      aBC: 1,
      alreadyCamel: { innerKey: ['keep_value', { deepKey: null }] },
    });
  });

  it('keeps a leading underscore and non-object values', () => {
    expect(snakeToCamel('_private')).toBe('_private');
    expect(snakeToCamel('token_usage_stats')).toBe('tokenUsageStats');
    expect(camelizeKeys('plain')).toBe('plain');
    // A participant's name is data: a user mapping keeps it as written.
    expect(camelizeKeys({ settings: { user_mappings: { jane_doe: 'jdoe', 'Ada Lovelace': 'ada' } } })).toEqual({
      settings: { userMappings: { jane_doe: 'jdoe', 'Ada Lovelace': 'ada' } },
    });
    expect(camelizeKeys(null)).toBeNull();
  });
});

describe('pure error rules', () => {
  it('knows the pages that show a 401 instead of redirecting', () => {
    expect(isPublicPage('/help')).toBe(true);
    expect(isPublicPage('/help/')).toBe(true);
    expect(isPublicPage('/dashboard')).toBe(false);
    expect(isPublicPage('/')).toBe(false);
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
