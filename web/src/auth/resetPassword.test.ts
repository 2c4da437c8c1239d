import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/client.ts';
import { readResetLink, resetFailureMessage, resetPasswordProblem, updateType } from './resetPassword.ts';

const link = { tokenHash: 'hash', type: 'recovery' };

describe('readResetLink', () => {
  it('reads token_hash and type from the query', () => {
    expect(readResetLink('?token_hash=a%2Bb&type=recovery')).toEqual({ tokenHash: 'a+b', type: 'recovery' });
  });

  it('treats missing and empty values as null', () => {
    expect(readResetLink('')).toEqual({ tokenHash: null, type: null });
    expect(readResetLink('?token_hash=&type=')).toEqual({ tokenHash: null, type: null });
  });
});

describe('updateType', () => {
  it('sends the type of the link, else recovery', () => {
    expect(updateType({ tokenHash: 'x', type: 'recovery' })).toBe('recovery');
    expect(updateType({ tokenHash: 'x', type: 'other' })).toBe('other');
    expect(updateType({ tokenHash: 'x', type: null })).toBe('recovery');
  });
});

describe('resetPasswordProblem', () => {
  it('accepts two equal passwords of at least 6 characters with a token', () => {
    expect(resetPasswordProblem('secret', 'secret', link)).toBeNull();
  });

  it('requires both inputs', () => {
    expect(resetPasswordProblem('', 'secret', link)).toBe('Please enter and confirm your new password.');
    expect(resetPasswordProblem('secret', '', link)).toBe('Please enter and confirm your new password.');
  });

  it('uses the spec texts for a mismatch and a short password', () => {
    expect(resetPasswordProblem('secret1', 'secret2', link)).toBe('Passwords do not match');
    expect(resetPasswordProblem('12345', '12345', link)).toBe('Password must be at least 6 characters long');
  });

  it('needs a token_hash in the URL', () => {
    expect(resetPasswordProblem('secret', 'secret', { tokenHash: null, type: 'recovery' })).toBe(
      'No access token found in URL. Please request a new password reset link.',
    );
  });
});

describe('resetFailureMessage', () => {
  it("shows the server's text", () => {
    expect(resetFailureMessage(new ApiError('x', 401, 'This password reset link is invalid or has expired.'))).toBe(
      'This password reset link is invalid or has expired.',
    );
  });

  it("says 'Failed to update password' for an answer without text, else 'Failed to reset password'", () => {
    expect(resetFailureMessage(new ApiError('Error: 500 Internal Server Error', 500, undefined))).toBe(
      'Failed to update password',
    );
    expect(resetFailureMessage(new NetworkError('unreachable'))).toBe('Failed to reset password');
    expect(resetFailureMessage('strange')).toBe('Failed to reset password');
  });
});
