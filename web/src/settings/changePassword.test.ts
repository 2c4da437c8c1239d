import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/client.ts';
import { changePasswordFailureMessage, changePasswordProblem } from './changePassword.ts';

describe('changePasswordProblem', () => {
  it('accepts a matching new password of at least 6 characters', () => {
    expect(changePasswordProblem({ currentPassword: 'old', newPassword: 'secret', confirmation: 'secret' })).toBeNull();
  });

  it('requires every field', () => {
    expect(changePasswordProblem({ currentPassword: '', newPassword: 'secret', confirmation: 'secret' })).toBe(
      'Please fill in all password fields.',
    );
  });

  it('uses the spec texts for a mismatch and a short password', () => {
    expect(changePasswordProblem({ currentPassword: 'old', newPassword: 'secret1', confirmation: 'secret2' })).toBe(
      'New passwords do not match.',
    );
    expect(changePasswordProblem({ currentPassword: 'old', newPassword: '12345', confirmation: '12345' })).toBe(
      'New password must be at least 6 characters long.',
    );
  });
});

describe('changePasswordFailureMessage', () => {
  it("shows the server's text, else 'Failed to change password'", () => {
    expect(changePasswordFailureMessage(new ApiError('x', 400, 'Current password is incorrect.'))).toBe(
      'Current password is incorrect.',
    );
    expect(changePasswordFailureMessage(new ApiError('Error: 500 Internal Server Error', 500, undefined))).toBe(
      'Failed to change password',
    );
    expect(changePasswordFailureMessage(new NetworkError('unreachable'))).toBe('Failed to change password');
  });
});
